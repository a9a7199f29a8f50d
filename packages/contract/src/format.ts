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

const MINUS = '\u2212';
const GROUP = '\u00a0';

/**
 * A number the Swedish way, as `toLocaleString('sv-SE', { maximumFractionDigits })` writes it:
 * grouped thousands (no-break space), decimal comma, U+2212 for minus, rounded half away from zero
 * from the shortest decimal that reads back as the number. Written out rather than asked of
 * `Intl`: the first number or date format a browser tab makes loads ICU's data (20–80 ms of the
 * main thread), and each call with options makes a formatter of its own (decision 044).
 */
export function formatDecimalSv(value: number, maxFractionDigits = 3): string {
  if (Number.isNaN(value)) return 'NaN';
  const sign = value < 0 || Object.is(value, -0) ? MINUS : '';
  if (!Number.isFinite(value)) return `${sign}∞`;
  const [mantissa = '0', exponent = '0'] = Math.abs(value).toExponential().split('e');
  let digits = mantissa.replace('.', '').split('').map(Number);
  let exp = Number(exponent);
  const keep = exp + 1 + maxFractionDigits;
  if (keep < 0) digits = [];
  else if (keep < digits.length) {
    const up = (digits[keep] ?? 0) >= 5;
    digits = digits.slice(0, keep);
    if (up) {
      let i = digits.length - 1;
      while (i >= 0 && digits[i] === 9) digits[i--] = 0;
      if (i >= 0) digits[i] = (digits[i] ?? 0) + 1;
      else {
        digits.unshift(1);
        exp += 1;
      }
    }
  }
  const intLength = exp + 1;
  const whole = intLength <= 0 ? '0' : digits.slice(0, intLength).join('').padEnd(intLength, '0');
  const fraction = (intLength < 0 ? '0'.repeat(-intLength) : '') + digits.slice(Math.max(0, intLength)).join('');
  const trimmed = fraction.replace(/0+$/, '');
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP)}${trimmed ? `,${trimmed}` : ''}`;
}
