/** Spec 001 §3: a special word with its fixed translation. */
export interface SpecialWord {
  original: string;
  translation: string;
}

/** Escapes the characters that mean something in a regular expression (valid with the `u` flag). */
export function escapeRegExp(s: string): string {
  return s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

// A "word character" for whole-word matching: any letter (å, ä, ö, é, ß, ж …), combining mark,
// digit or underscore. JavaScript's \b only knows [A-Za-z0-9_], so "år" would match inside "båren".
const WORD_CHAR = '[\\p{L}\\p{M}\\p{N}_]';

/** The usable special words: trimmed, both fields present, the first of duplicate originals. */
export function cleanSpecialWords(words: readonly SpecialWord[]): SpecialWord[] {
  const seen = new Set<string>();
  const out: SpecialWord[] = [];
  for (const w of words) {
    const original = w.original.trim();
    const translation = w.translation.trim();
    const key = original.toLocaleLowerCase();
    if (!original || !translation || seen.has(key)) continue;
    seen.add(key);
    out.push({ original, translation });
  }
  return out;
}

/**
 * Spec 001 §9: replaces each special word by its translation, as a whole word and ignoring case,
 * in one pass (a translation that contains another special word is not replaced again; longer
 * originals win over shorter ones they contain).
 */
export function applySpecialWords(text: string, words: readonly SpecialWord[]): { text: string; count: number } {
  const list = cleanSpecialWords(words).sort((a, b) => b.original.length - a.original.length);
  if (list.length === 0 || !text) return { text, count: 0 };
  const alternatives = list.map((w) => escapeRegExp(w.original)).join('|');
  const pattern = new RegExp(`(?<!${WORD_CHAR})(?:${alternatives})(?!${WORD_CHAR})`, 'giu');
  const exact = list.map((w) => ({ re: new RegExp(`^${escapeRegExp(w.original)}$`, 'iu'), to: w.translation }));
  let count = 0;
  const out = text.replace(pattern, (match) => {
    const hit = exact.find((e) => e.re.test(match));
    if (!hit) return match;
    count++;
    return hit.to;
  });
  return { text: out, count };
}
