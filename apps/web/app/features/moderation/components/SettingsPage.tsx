import {
  AUTO_CLOSE_DAYS_MAX,
  LINK_LIMIT_MAX,
  MODERATION_MODE_LABELS,
  MODERATION_MODES,
  type ModerationMode,
  REPORT_THRESHOLD_MAX,
  SUCCESS_MESSAGE_MS,
  type User,
  WORD_LIST_MAX,
} from '@vaggen/contract';
import { useEffect, useId, useState } from 'react';
import { DataState } from '../../../components/DataState';
import { FormError, FormField, InputField, SubmitButton } from '../../../components/FormField';
import { useFlash } from '../../../lib/useFlash';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { moderationApi } from '../api';
import { ALERT_MAX, type SettingsField, type SettingsValues, settingsFromValues, toValues } from '../settingsForm';
import { ModerationHeader } from './ModerationNav';

const MODE_HINTS: Record<ModerationMode, string> = {
  publish: 'Kommentarer syns direkt. De automatiska kontrollerna gäller ändå.',
  'first-time': 'Den som kommenterar för första gången granskas tills en av deras kommentarer har godkänts.',
  all: 'Varje kommentar granskas innan den syns.',
};

/**
 * The site's moderation settings (issue 16, admins): the mode, the link limit, repeated text,
 * closing comments after a number of days, the report threshold, the queue alert, and the banned
 * and suspect word lists.
 */
export function SettingsPage({ user }: { user: User }) {
  const [values, setValues] = useState<SettingsValues | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [saved, flashSaved] = useFlash(SUCCESS_MESSAGE_MS);
  const id = useId();
  const form = useFormSubmission<SettingsValues, SettingsField>({
    idPrefix: id,
    validate: (v) => {
      const r = settingsFromValues(v);
      return r.ok ? null : r.problem;
    },
    send: async (v) => {
      const r = settingsFromValues(v);
      if (!r.ok) throw new Error(r.problem.msg);
      const stored = await moderationApi.saveSettings(r.settings);
      setValues(toValues(stored));
      flashSaved('Inställningarna har sparats.');
    },
    failMsg: 'Det gick inte att spara inställningarna. Försök igen.',
    stayOpen: true,
  });

  const load = () => {
    setLoadError(false);
    moderationApi
      .settings()
      .then((s) => setValues(toValues(s)))
      .catch((err) => {
        console.error('loading the moderation settings failed', err);
        setLoadError(true);
      });
  };
  useEffect(load, []);

  const set = (f: keyof SettingsValues) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => (v ? { ...v, [f]: e.target.value } : v));
  /** One whole-number setting: its field, bounds and the form's error wiring (a render function, not a component, so its input keeps focus). */
  const numberSetting = ({
    field,
    label,
    hint,
    min,
    max,
  }: {
    field: 'linkLimit' | 'autoCloseDays' | 'reportThreshold' | 'alertThreshold';
    label: string;
    hint: string;
    min: number;
    max: number;
  }) => (
    <InputField
      id={`${id}-${field}`}
      label={label}
      hint={hint}
      {...form.field(field)}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={values?.[field] ?? ''}
      onChange={set(field)}
    />
  );
  const withWordsHint = (described: string | undefined) => `${described ?? ''} ${id}-words-hint`.trim();
  /** One word list: a textarea described by its own hint and the shared one above both lists (a render function, like numberSetting). */
  const wordList = ({ field, label, hint }: { field: 'banned' | 'suspect'; label: string; hint: string }) => (
    <FormField id={`${id}-${field}`} label={label} hint={hint} {...form.field(field)}>
      {(c) => (
        <textarea
          {...c}
          aria-describedby={withWordsHint(c['aria-describedby'])}
          rows={8}
          spellCheck={false}
          value={values?.[field] ?? ''}
          onChange={set(field)}
        />
      )}
    </FormField>
  );

  return (
    <div className="mod-page">
      <ModerationHeader user={user} title="Inställningar för moderering" />
      <DataState
        status={loadError ? 'error' : values ? 'ready' : 'loading'}
        className="mod-state"
        loading="Laddar..."
        error="Det gick inte att hämta inställningarna."
        onRetry={load}
      >
        {() =>
          values && (
            <form
              className="mod-form"
              noValidate
              aria-label="Inställningar för moderering"
              onSubmit={(e) => void form.submit(e, values)}
            >
              <fieldset>
                <legend>Läge för hela webbplatsen</legend>
                {MODERATION_MODES.map((m) => (
                  <label key={m} className="mod-radio">
                    <input
                      type="radio"
                      name={`${id}-mode`}
                      value={m}
                      checked={values.mode === m}
                      onChange={() => setValues({ ...values, mode: m })}
                    />
                    <span>
                      {MODERATION_MODE_LABELS[m]}
                      <span className="mod-radio-hint">{MODE_HINTS[m]}</span>
                    </span>
                  </label>
                ))}
                <p className="field-hint">
                  En artikel kan ha ett eget läge, eller stängas för kommentarer, i artikelredigeraren.
                </p>
              </fieldset>

              <fieldset>
                <legend>Automatiska kontroller</legend>
                <div className="mod-fields">
                  {numberSetting({
                    field: 'linkLimit',
                    label: 'Högst antal länkar innan en kommentar granskas',
                    hint: '0: varje kommentar med en länk granskas. Tomt: ingen gräns.',
                    min: 0,
                    max: LINK_LIMIT_MAX,
                  })}
                  <label className="mod-radio">
                    <input
                      type="checkbox"
                      checked={values.holdRepeated}
                      onChange={(e) => setValues({ ...values, holdRepeated: e.target.checked })}
                    />
                    <span>
                      Granska upprepad text
                      <span className="mod-radio-hint">
                        Samma text som nyligen skickats in hålls för granskning (från samma kommentator, eller från vem
                        som helst när texten är lång).
                      </span>
                    </span>
                  </label>
                  <label className="mod-radio">
                    <input
                      type="checkbox"
                      checked={values.builtinWords}
                      onChange={(e) => setValues({ ...values, builtinWords: e.target.checked })}
                    />
                    <span>
                      Granska kommentarer med grova ord (svensk ordlista)
                      <span className="mod-radio-hint">
                        En färdig lista med svordomar, könsord och skällsord (LDNOOBW) håller kommentaren för
                        granskning. Vardagliga ord som ”fan” och ”helvete” är inte med. Egna ord lägger du till under
                        Ordlistor.
                      </span>
                    </span>
                  </label>
                </div>
              </fieldset>

              <fieldset>
                <legend>Stängning, anmälningar och kö</legend>
                <div className="mod-fields">
                  {numberSetting({
                    field: 'autoCloseDays',
                    label: 'Stäng kommentarerna efter antal dagar',
                    hint: 'Räknat från publiceringen. Tomt: kommentarerna stängs aldrig av sig själva.',
                    min: 1,
                    max: AUTO_CLOSE_DAYS_MAX,
                  })}
                  {numberSetting({
                    field: 'reportThreshold',
                    label: 'Antal anmälningar som döljer en kommentar',
                    hint: 'En kommentar med så många anmälningar döljs tills den har granskats.',
                    min: 1,
                    max: REPORT_THRESHOLD_MAX,
                  })}
                  {numberSetting({
                    field: 'alertThreshold',
                    label: 'Meddela administratörerna när kön når',
                    hint: 'Antal kommentarer som väntar eller är dolda. Tomt: inget meddelande.',
                    min: 1,
                    max: ALERT_MAX,
                  })}
                </div>
              </fieldset>

              <fieldset>
                <legend>Ordlistor</legend>
                <div className="mod-fields">
                  <p className="field-hint" id={`${id}-words-hint`}>
                    Ett ord eller uttryck per rad, högst {WORD_LIST_MAX} per lista. Skriv en stjärna sist för att också
                    träffa ord som börjar så (<code>idiot*</code> träffar idioten och idioterna). Stora och små
                    bokstäver spelar ingen roll; å, ä, ö och é räknas som bokstäver.
                  </p>
                  {wordList({
                    field: 'banned',
                    label: 'Förbjudna ord',
                    hint: 'En kommentar med ett förbjudet ord tas inte emot; den som skriver får veta vilket ord det gäller.',
                  })}
                  {wordList({
                    field: 'suspect',
                    label: 'Misstänkta ord',
                    hint: 'En kommentar med ett misstänkt ord hålls för granskning, och kön visar vilket ord det var.',
                  })}
                </div>
              </fieldset>

              <FormError id={form.errorId} msg={form.problem?.msg} />
              <p className="mod-saved" role="status">
                {saved}
              </p>
              <div className="mod-form-buttons">
                <SubmitButton form={form} label="Spara inställningar" sendingLabel="Sparar..." />
              </div>
            </form>
          )
        }
      </DataState>
    </div>
  );
}
