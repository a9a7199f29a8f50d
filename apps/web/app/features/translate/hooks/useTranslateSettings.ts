import { useCallback, useEffect, useState } from 'react';
import {
  DEFAULT_SETTINGS,
  readApiKey,
  readSettings,
  type StoredSettings,
  writeApiKey,
  writeSettings,
} from '../lib/storage';

/**
 * The tool's settings. Languages, base URL and model are kept in localStorage. The API key stays
 * in the browser, per account: this tab's sessionStorage, or localStorage when "Kom ihåg nyckeln"
 * is ticked; it is only ever sent to the translation service the user chose.
 * Only mounted in the browser (the tool renders after the session has loaded).
 */
export function useTranslateSettings(userId: number) {
  const [settings, setSettings] = useState<StoredSettings>(readSettings);
  const [key, setKey] = useState(() => readApiKey(userId));

  useEffect(() => writeSettings(settings), [settings]);
  useEffect(() => writeApiKey(userId, key.apiKey, key.remember), [userId, key]);

  const update = useCallback((patch: Partial<StoredSettings>) => setSettings((s) => ({ ...s, ...patch })), []);
  const resetService = useCallback(
    () => setSettings((s) => ({ ...s, baseUrl: DEFAULT_SETTINGS.baseUrl, model: DEFAULT_SETTINGS.model })),
    [],
  );
  const setApiKey = useCallback((apiKey: string) => setKey((k) => ({ ...k, apiKey })), []);
  const setRemember = useCallback((remember: boolean) => setKey((k) => ({ ...k, remember })), []);

  return { settings, update, resetService, apiKey: key.apiKey, remember: key.remember, setApiKey, setRemember };
}

export type TranslateSettingsState = ReturnType<typeof useTranslateSettings>;
