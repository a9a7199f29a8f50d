/** Number formatting shared by the science and solar-system pages. Browser-safe. */

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
