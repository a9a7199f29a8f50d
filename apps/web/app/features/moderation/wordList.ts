/**
 * The banned and suspect word lists as admins edit them (issue 16): one entry a line; a `*` at
 * the end means "words beginning with this" (`idiot*` catches idioten, idioterna), else the
 * whole word only. Pure functions, so the round trip is tested without a browser.
 */

export interface WordEntry {
  word: string;
  prefix: boolean;
}

export type WordListResult = { ok: true; entries: WordEntry[] } | { ok: false; line: number; msg: string };

/** Lines → entries: blank lines skipped, duplicates (ignoring case) kept once, bad lines named. */
export function parseWordList(text: string, maxLength: number): WordListResult {
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
    const key = `${word.toLocaleLowerCase('sv-SE')}${prefix ? '*' : ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({ word, prefix });
  }
  return { ok: true, entries };
}

/** Entries → the text shown in the field, one a line. */
export const formatWordList = (entries: readonly WordEntry[]): string =>
  entries.map((e) => `${e.word}${e.prefix ? '*' : ''}`).join('\n');
