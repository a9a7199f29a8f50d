import {
  AUTO_CLOSE_DAYS_MAX,
  LINK_LIMIT_MAX,
  type ModerationMode,
  type ModerationSettings,
  type ModerationSettingsInput,
  REPORT_THRESHOLD_MAX,
  WORD_LIST_MAX,
  WORD_MAX,
} from '@vaggen/contract';
import { formatWordList, parseWordList } from './wordList';

// The moderation settings form (issue 16) as pure functions: fields (text) ⇄ settings.

/** The form's values: numbers and word lists as the fields hold them (text). */
export interface SettingsValues {
  mode: ModerationMode;
  linkLimit: string;
  holdRepeated: boolean;
  builtinWords: boolean;
  autoCloseDays: string;
  reportThreshold: string;
  alertThreshold: string;
  banned: string;
  suspect: string;
}
export type SettingsField = 'linkLimit' | 'autoCloseDays' | 'reportThreshold' | 'alertThreshold' | 'banned' | 'suspect';

/** The largest queue alert an admin may set (the contract's bound). */
export const ALERT_MAX = 1_000_000;
const WORD_RULES = { maxLength: WORD_MAX, maxEntries: WORD_LIST_MAX };

const optional = (n: number | null) => (n === null ? '' : String(n));

export function toValues(s: ModerationSettings): SettingsValues {
  return {
    mode: s.mode,
    linkLimit: optional(s.link_limit),
    holdRepeated: s.hold_repeated,
    builtinWords: s.builtin_words,
    autoCloseDays: optional(s.auto_close_days),
    reportThreshold: String(s.report_threshold),
    alertThreshold: optional(s.queue_alert_threshold),
    banned: formatWordList(s.banned_words),
    suspect: formatWordList(s.suspect_words),
  };
}

type Parsed<T> = { value: T } | { problem: { field: SettingsField; msg: string } };

/** A whole number in [min, max], or a problem about `field`. */
function whole(text: string, min: number, max: number, field: SettingsField, label: string): Parsed<number> {
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    return { problem: { field, msg: `${label} ska vara ett heltal mellan ${min} och ${max}.` } };
  }
  return { value: n };
}

/** An empty field is null ("none"), else a whole number in [min, max]. */
function optionalWhole(
  text: string,
  min: number,
  max: number,
  field: SettingsField,
  label: string,
): Parsed<number | null> {
  if (text.trim() === '') return { value: null };
  return whole(text, min, max, field, label);
}

/** Checks the fields and builds what is sent; a problem names its field. */
export function settingsFromValues(
  v: SettingsValues,
): { ok: true; settings: ModerationSettingsInput } | { ok: false; problem: { field: SettingsField; msg: string } } {
  const links = optionalWhole(v.linkLimit, 0, LINK_LIMIT_MAX, 'linkLimit', 'Antal länkar');
  if ('problem' in links) return { ok: false, problem: links.problem };
  const days = optionalWhole(v.autoCloseDays, 1, AUTO_CLOSE_DAYS_MAX, 'autoCloseDays', 'Antal dagar');
  if ('problem' in days) return { ok: false, problem: days.problem };
  const threshold = whole(v.reportThreshold, 1, REPORT_THRESHOLD_MAX, 'reportThreshold', 'Antal anmälningar');
  if ('problem' in threshold) return { ok: false, problem: threshold.problem };
  const alert = optionalWhole(v.alertThreshold, 1, ALERT_MAX, 'alertThreshold', 'Köns storlek');
  if ('problem' in alert) return { ok: false, problem: alert.problem };
  const banned = parseWordList(v.banned, WORD_RULES);
  if (!banned.ok) return { ok: false, problem: { field: 'banned', msg: `Förbjudna ord: ${banned.msg}` } };
  const suspect = parseWordList(v.suspect, WORD_RULES);
  if (!suspect.ok) return { ok: false, problem: { field: 'suspect', msg: `Misstänkta ord: ${suspect.msg}` } };
  return {
    ok: true,
    settings: {
      mode: v.mode,
      link_limit: links.value,
      hold_repeated: v.holdRepeated,
      builtin_words: v.builtinWords,
      auto_close_days: days.value,
      report_threshold: threshold.value,
      queue_alert_threshold: alert.value,
      banned_words: banned.entries,
      suspect_words: suspect.entries,
    },
  };
}
