import {
  TRANSLATE_DEFAULT_BASE_URL,
  TRANSLATE_DEFAULT_MODEL,
  TRANSLATE_DEFAULT_SOURCE,
  TRANSLATE_DEFAULT_TARGET,
  TRANSLATE_LANGUAGES,
  TRANSLATE_STORAGE_KEYS,
  type TranslateLanguage,
} from '@vaggen/contract';

/** The tool's settings other than the key (kept in localStorage: nothing secret). */
export interface StoredSettings {
  source: TranslateLanguage;
  target: TranslateLanguage;
  baseUrl: string;
  model: string;
}

export const DEFAULT_SETTINGS: StoredSettings = {
  source: TRANSLATE_DEFAULT_SOURCE,
  target: TRANSLATE_DEFAULT_TARGET,
  baseUrl: TRANSLATE_DEFAULT_BASE_URL,
  model: TRANSLATE_DEFAULT_MODEL,
};

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled: the key lives in memory only
  }
}

const isLanguage = (v: unknown): v is TranslateLanguage =>
  typeof v === 'string' && (TRANSLATE_LANGUAGES as readonly string[]).includes(v);

export function readSettings(): StoredSettings {
  try {
    const raw = area('local')?.getItem(TRANSLATE_STORAGE_KEYS.settings);
    const v = raw ? (JSON.parse(raw) as Partial<StoredSettings>) : {};
    return {
      source: isLanguage(v.source) ? v.source : DEFAULT_SETTINGS.source,
      target: isLanguage(v.target) ? v.target : DEFAULT_SETTINGS.target,
      baseUrl: typeof v.baseUrl === 'string' && v.baseUrl.trim() ? v.baseUrl : DEFAULT_SETTINGS.baseUrl,
      model: typeof v.model === 'string' && v.model.trim() ? v.model : DEFAULT_SETTINGS.model,
    };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function writeSettings(s: StoredSettings): void {
  try {
    area('local')?.setItem(TRANSLATE_STORAGE_KEYS.settings, JSON.stringify(s));
  } catch {
    // full or disabled storage: the settings last for this visit
  }
}

/** The storage name of a user's key: keys are per account, so another login on this browser never sees it. */
export function apiKeyName(userId: number | string): string {
  return `${TRANSLATE_STORAGE_KEYS.apiKey}:${userId}`;
}

/** The key: from localStorage when the user chose to remember it, else from this tab's sessionStorage. */
export function readApiKey(userId: number | string): { apiKey: string; remember: boolean } {
  const name = apiKeyName(userId);
  try {
    const remembered = area('local')?.getItem(name);
    if (remembered) return { apiKey: remembered, remember: true };
    return { apiKey: area('session')?.getItem(name) ?? '', remember: false };
  } catch {
    return { apiKey: '', remember: false };
  }
}

/** Keeps the key in exactly one place: localStorage if remembered, else sessionStorage. */
export function writeApiKey(userId: number | string, apiKey: string, remember: boolean): void {
  const name = apiKeyName(userId);
  const keep = area(remember ? 'local' : 'session');
  const drop = area(remember ? 'session' : 'local');
  try {
    drop?.removeItem(name);
    if (apiKey) keep?.setItem(name, apiKey);
    else keep?.removeItem(name);
  } catch {
    // storage disabled or full: the key stays in memory for this page
  }
}
