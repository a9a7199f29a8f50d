/** Formatting shared by several pages and messages (exponents, waits in Swedish words). Browser-safe. */

const SUPERSCRIPT: Record<string, string> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};

/** An exponent in superscript digits: -12 → "⁻¹²" (for "× 10⁻¹²"). */
export function superscript(value: number | string): string {
  return String(value)
    .split('')
    .map((c) => SUPERSCRIPT[c] ?? c)
    .join('');
}

/** A wait in Swedish words: "45 sekunder", "1 minut", "3 minuter", "2 timmar". */
export function formatWaitSv(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} ${s === 1 ? 'sekund' : 'sekunder'}`;
  const m = Math.ceil(s / 60);
  if (m < 60) return `${m} ${m === 1 ? 'minut' : 'minuter'}`;
  const h = Math.ceil(m / 60);
  return `${h} ${h === 1 ? 'timme' : 'timmar'}`;
}

/** "Försök igen om 3 minuter." — appended to any 429 whose message does not already say when. */
export const retryAfterSentence = (seconds: number) => `Försök igen om ${formatWaitSv(seconds)}.`;
