const SWEDISH_LETTERS = /[åäöÅÄÖ]/;
const ENGLISH_WORDS =
  /\b(please|failed|error|not|invalid|unexpected|denied|loading|unknown|authentication|something|too many|could not|cannot|must|required|already|password|username|email|comment|article|found|enter|fill|the|your|try again|access)\b/i;

/**
 * WCAG 3.1.2 (issue 20): the spec's messages are English on a Swedish page (`lang="sv"`), so an
 * element showing one says `lang="en"` and a screen reader switches voice. Returns 'en' for such
 * a text (no Swedish letters, English words), otherwise undefined (the page's Swedish applies).
 */
export function langOf(text: string | null | undefined): 'en' | undefined {
  if (!text || SWEDISH_LETTERS.test(text)) return undefined;
  return ENGLISH_WORDS.test(text) ? 'en' : undefined;
}
