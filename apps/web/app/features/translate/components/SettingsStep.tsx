import {
  TRANSLATE_DEFAULT_BASE_URL,
  TRANSLATE_DEFAULT_MODEL,
  TRANSLATE_LANGUAGE_NAMES,
  TRANSLATE_LANGUAGES,
  type TranslateLanguage,
} from '@vaggen/contract';
import { useState } from 'react';
import type { TranslateSettingsState } from '../hooks/useTranslateSettings';
import type { SpecialWord } from '../lib/special-words';
import { SpecialWords } from './SpecialWords';
import { Step } from './Step';

function LanguageSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: TranslateLanguage;
  onChange: (v: TranslateLanguage) => void;
}) {
  return (
    <div className="tr-field">
      <label htmlFor={id}>{label}</label>
      <select
        className="control"
        id={id}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as TranslateLanguage)}
      >
        {TRANSLATE_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {TRANSLATE_LANGUAGE_NAMES[code].label} ({code})
          </option>
        ))}
      </select>
    </div>
  );
}

/** Step 3: languages, the API key (kept in the browser), the service, and special words. */
export function SettingsStep({
  state,
  specialWords,
  onSpecialWords,
  keyInvalid,
}: {
  state: TranslateSettingsState;
  specialWords: SpecialWord[];
  onSpecialWords: (words: SpecialWord[]) => void;
  keyInvalid: boolean;
}) {
  const { settings, update } = state;
  /** One of the service's settings (its address, the model): typed as is, not spell-checked or filled in. */
  const serviceField = (
    key: 'baseUrl' | 'model',
    id: string,
    label: string,
    input: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <div className="tr-field">
      <label htmlFor={id}>{label}</label>
      <input
        className="control"
        id={id}
        {...input}
        value={settings[key]}
        onChange={(e) => update({ [key]: e.currentTarget.value })}
        spellCheck={false}
        autoComplete="off"
      />
    </div>
  );
  const [showKey, setShowKey] = useState(false);
  // The service fields start open when they differ from the defaults.
  const [advancedOpen, setAdvancedOpen] = useState(
    () => settings.baseUrl !== TRANSLATE_DEFAULT_BASE_URL || settings.model !== TRANSLATE_DEFAULT_MODEL,
  );

  return (
    <Step n={3} title="Inställningar">
      <div className="tr-grid">
        <LanguageSelect
          id="tr-source"
          label="Från språk"
          value={settings.source}
          onChange={(source) => update({ source })}
        />
        <LanguageSelect
          id="tr-target"
          label="Till språk"
          value={settings.target}
          onChange={(target) => update({ target })}
        />
      </div>
      {settings.source === settings.target && (
        <p className="form-info">Käll- och målspråket är samma – välj ett annat språk att översätta till.</p>
      )}

      <div className="tr-field">
        <label htmlFor="tr-key">OpenAI API-nyckel</label>
        <div className="tr-key-row">
          <input
            className="control"
            id="tr-key"
            type={showKey ? 'text' : 'password'}
            value={state.apiKey}
            onChange={(e) => state.setApiKey(e.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            placeholder="sk-…"
            aria-describedby="tr-key-hint"
            aria-invalid={keyInvalid ? true : undefined}
          />
          <button
            type="button"
            className="button button-secondary tr-key-toggle"
            aria-pressed={showKey}
            aria-controls="tr-key"
            onClick={() => setShowKey((v) => !v)}
          >
            {showKey ? 'Dölj' : 'Visa'}
          </button>
        </div>
        <label className="tr-check">
          <input
            type="checkbox"
            checked={state.remember}
            onChange={(e) => state.setRemember(e.currentTarget.checked)}
          />
          Kom ihåg nyckeln
        </label>
        <p className="tr-hint" id="tr-key-hint">
          Nyckeln stannar i din webbläsare: den skickas direkt till översättningstjänsten och aldrig till Väggens
          server. Den sparas bara i den här fliken och glöms när fliken stängs – om du inte kryssar i ”Kom ihåg
          nyckeln”, då sparas den för ditt konto i webbläsaren på den här datorn tills du tar bort den. Anropen
          debiteras ditt eget konto hos tjänsten.
        </p>
      </div>

      <details className="tr-advanced" open={advancedOpen} onToggle={(e) => setAdvancedOpen(e.currentTarget.open)}>
        <summary>Tjänst och modell</summary>
        <p className="tr-hint">
          Fungerar med OpenAI och med andra tjänster som har samma gränssnitt (POST …/chat/completions).
        </p>
        <div className="tr-grid">
          {serviceField('baseUrl', 'tr-base-url', 'Tjänstens adress (bas-URL)', { type: 'url', inputMode: 'url' })}
          {serviceField('model', 'tr-model', 'Modell')}
        </div>
        <button type="button" className="tr-link-button" onClick={state.resetService}>
          Återställ till OpenAI och {TRANSLATE_DEFAULT_MODEL}
        </button>
      </details>

      <SpecialWords words={specialWords} onChange={onSpecialWords} />
    </Step>
  );
}
