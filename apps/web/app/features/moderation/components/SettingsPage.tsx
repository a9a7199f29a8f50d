import type { User } from '@vaggen/contract';
import { useEffect, useId, useState } from 'react';
import { FormError, FormField } from '../../../components/FormField';
import { SUCCESS_MESSAGE_MS } from '@vaggen/contract';
import { useFlash } from '../../../lib/useFlash';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import {
  MODERATION_LIMITS,
  MODERATION_MODE_LABELS,
  MODERATION_MODES,
  type ModerationMode,
  type ModerationSettings,
  moderationApi,
} from '../api';
import { formatWordList, parseWordList } from '../wordList';
import { ModerationHeader } from './ModerationNav';

/** The form's values: numbers and word lists as the fields hold them (text). */
interface Values {
  mode: ModerationMode;
  linkLimit: string;
  autoCloseDays: string;
  reportThreshold: string;
  banned: string;
  suspect: string;
}
type Field = 'linkLimit' | 'autoCloseDays' | 'reportThreshold' | 'banned' | 'suspect';

const MODE_HINTS: Record<ModerationMode, string> = {
  publish: 'Kommentarer syns direkt. De automatiska kontrollerna gäller ändå.',
  first_time: 'Den som kommenterar för första gången granskas tills en av deras kommentarer har godkänts.',
  all: 'Varje kommentar granskas innan den syns.',
};

function toValues(s: ModerationSettings): Values {
  return {
    mode: s.mode,
    linkLimit: String(s.link_limit),
    autoCloseDays: s.auto_close_days === null ? '' : String(s.auto_close_days),
    reportThreshold: String(s.report_threshold),
    banned: formatWordList(s.banned_words),
    suspect: formatWordList(s.suspect_words),
  };
}

/** A whole number in [min, max], or a problem about `field`. */
function whole(text: string, min: number, max: number, field: Field, label: string) {
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    return { problem: { field, msg: `${label} ska vara ett heltal mellan ${min} och ${max}.` } } as const;
  }
  return { value: n } as const;
}

/** Checks the fields and builds what is sent; a problem names its field. */
export function settingsFromValues(
  v: Values,
): { ok: true; settings: ModerationSettings } | { ok: false; problem: { field: Field; msg: string } } {
  const L = MODERATION_LIMITS;
  const links = whole(v.linkLimit, 0, L.linkLimitMax, 'linkLimit', 'Antal länkar');
  if ('problem' in links) return { ok: false, problem: links.problem };
  let autoClose: number | null = null;
  if (v.autoCloseDays.trim() !== '') {
    const days = whole(v.autoCloseDays, 1, L.autoCloseDaysMax, 'autoCloseDays', 'Antal dagar');
    if ('problem' in days) return { ok: false, problem: days.problem };
    autoClose = days.value;
  }
  const threshold = whole(v.reportThreshold, 1, L.reportThresholdMax, 'reportThreshold', 'Antal anmälningar');
  if ('problem' in threshold) return { ok: false, problem: threshold.problem };
  const banned = parseWordList(v.banned, L.wordMax);
  if (!banned.ok) return { ok: false, problem: { field: 'banned', msg: `Förbjudna ord: ${banned.msg}` } };
  const suspect = parseWordList(v.suspect, L.wordMax);
  if (!suspect.ok) return { ok: false, problem: { field: 'suspect', msg: `Misstänkta ord: ${suspect.msg}` } };
  return {
    ok: true,
    settings: {
      mode: v.mode,
      link_limit: links.value,
      auto_close_days: autoClose,
      report_threshold: threshold.value,
      banned_words: banned.entries,
      suspect_words: suspect.entries,
    },
  };
}

/**
 * The site's moderation settings (issue 16, admins): the mode, the link limit, closing comments
 * after a number of days, the report threshold, and the banned and suspect word lists.
 */
export function SettingsPage({ user }: { user: User }) {
  const [values, setValues] = useState<Values | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [saved, flashSaved] = useFlash(SUCCESS_MESSAGE_MS);
  const id = useId();
  const errorId = `${id}-error`;
  const form = useFormSubmission<Values, Field>({
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once
  useEffect(load, []);

  const set = (f: keyof Values) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => (v ? { ...v, [f]: e.target.value } : v));

  return (
    <div className="mod-page">
      <ModerationHeader user={user} title="Inställningar för moderering" />
      {loadError ? (
        <div className="mod-state" role="alert">
          <p className="form-error">Det gick inte att hämta inställningarna.</p>
          <button type="button" className="button button-secondary" onClick={load}>
            Försök igen
          </button>
        </div>
      ) : !values ? (
        <p className="mod-state" role="status">
          Laddar...
        </p>
      ) : (
        <form className="mod-form" noValidate onSubmit={(e) => void form.submit(e, values)}>
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
          </fieldset>

          <FormField
            id={`${id}-linkLimit`}
            label="Högst antal länkar innan en kommentar granskas"
            hint="0 betyder att varje kommentar med en länk granskas."
            invalid={form.isInvalid('linkLimit')}
            errorId={errorId}
          >
            {(c) => (
              <input
                {...c}
                type="number"
                inputMode="numeric"
                min={0}
                max={MODERATION_LIMITS.linkLimitMax}
                value={values.linkLimit}
                onChange={set('linkLimit')}
              />
            )}
          </FormField>
          <FormField
            id={`${id}-autoCloseDays`}
            label="Stäng kommentarerna efter antal dagar"
            hint="Räknat från publiceringen. Tomt: kommentarerna stängs aldrig av sig själva."
            invalid={form.isInvalid('autoCloseDays')}
            errorId={errorId}
          >
            {(c) => (
              <input
                {...c}
                type="number"
                inputMode="numeric"
                min={1}
                max={MODERATION_LIMITS.autoCloseDaysMax}
                value={values.autoCloseDays}
                onChange={set('autoCloseDays')}
              />
            )}
          </FormField>
          <FormField
            id={`${id}-reportThreshold`}
            label="Antal anmälningar som döljer en kommentar"
            hint="En kommentar med så många anmälningar döljs tills den har granskats."
            invalid={form.isInvalid('reportThreshold')}
            errorId={errorId}
          >
            {(c) => (
              <input
                {...c}
                type="number"
                inputMode="numeric"
                min={1}
                max={MODERATION_LIMITS.reportThresholdMax}
                value={values.reportThreshold}
                onChange={set('reportThreshold')}
              />
            )}
          </FormField>

          <p className="field-hint" id={`${id}-words-hint`}>
            Ett ord per rad. Skriv en stjärna sist för att också träffa ord som börjar så (<code>idiot*</code> träffar
            idioten och idioterna). Stora och små bokstäver spelar ingen roll; å, ä, ö och é räknas som bokstäver.
          </p>
          <FormField
            id={`${id}-banned`}
            label="Förbjudna ord"
            hint="En kommentar med ett förbjudet ord tas inte emot; skribenten får veta varför."
            invalid={form.isInvalid('banned')}
            errorId={errorId}
          >
            {(c) => (
              <textarea
                {...c}
                aria-describedby={`${c['aria-describedby'] ?? ''} ${id}-words-hint`.trim()}
                rows={8}
                spellCheck={false}
                value={values.banned}
                onChange={set('banned')}
              />
            )}
          </FormField>
          <FormField
            id={`${id}-suspect`}
            label="Misstänkta ord"
            hint="En kommentar med ett misstänkt ord hålls för granskning, med ordet angivet i kön."
            invalid={form.isInvalid('suspect')}
            errorId={errorId}
          >
            {(c) => (
              <textarea
                {...c}
                aria-describedby={`${c['aria-describedby'] ?? ''} ${id}-words-hint`.trim()}
                rows={8}
                spellCheck={false}
                value={values.suspect}
                onChange={set('suspect')}
              />
            )}
          </FormField>

          <FormError id={errorId} msg={form.problem?.msg} />
          {saved && (
            <p className="form-success" role="status">
              {saved}
            </p>
          )}
          <div className="mod-form-buttons">
            <button type="submit" className="button" disabled={form.busy}>
              {form.sending ? 'Sparar...' : 'Spara inställningar'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
