import type { WordEntry } from '@vaggen/contract';

/**
 * The banned and suspect word lists as admins edit them (issue 16): one entry a line; a `*` at
 * the end means "words beginning with this" (`idiot*` catches idioten, idioterna), else the
 * whole word only. Pure functions, so the round trip is tested without a browser.
 */

export type WordListResult = { ok: true; entries: WordEntry[] } | { ok: false; line: number; msg: string };

/** Lines → entries: blank lines skipped, duplicates (ignoring case) kept once, bad lines named. */
export function parseWordList(
  text: string,
  rules: { maxLength: number; maxEntries?: number; pattern?: RegExp; patternMsg?: string },
): WordListResult {
  const { maxLength, maxEntries = Number.POSITIVE_INFINITY, pattern, patternMsg } = rules;
  const entries: WordEntry[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] ?? '').trim();
    if (!raw) continue;
    const prefix = raw.endsWith('*');
    const word = (prefix ? raw.slice(0, -1) : raw).trim();
    const line = i + 1;
    if (!word) return { ok: false, line, msg: `Rad ${line}: en stjärna behöver ett ord före sig.` };
    if (word.includes('*')) {
      return { ok: false, line, msg: `Rad ${line}: stjärnan får bara stå sist ("${raw}").` };
    }
    if ([...word].length > maxLength) {
      return { ok: false, line, msg: `Rad ${line}: högst ${maxLength} tecken.` };
    }
    if (pattern && !pattern.test(word)) {
      return { ok: false, line, msg: `Rad ${line}: ${patternMsg ?? 'ogiltigt ord'} ("${raw}").` };
    }
    const key = `${word.toLocaleLowerCase('sv-SE')}${prefix ? '*' : ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (entries.length >= maxEntries) return { ok: false, line, msg: `Högst ${maxEntries} ord per lista.` };
    entries.push({ word, word_beginning: prefix });
  }
  return { ok: true, entries };
}

/** Entries → the text shown in the field, one a line. */
export const formatWordList = (entries: readonly WordEntry[]): string =>
  entries.map((e) => `${e.word}${e.word_beginning ? '*' : ''}`).join('\n');
