import { CELESTIAL_BODY_TYPE_LABELS, type CelestialBodyType, formatDecimalSv, superscript } from '@vaggen/contract';
import { swedishDate } from '../../../lib/format';

const AU_MILLION_KM = 149.598;

/** A number the Swedish way (no-break space as thousands separator, decimal comma, U+2212 minus). */
export const num = (value: number, maxDigits = 2): string => formatDecimalSv(value, maxDigits);

/** 1.898e27 → "1,9 × 10²⁷" (three significant digits). */
export function scientific(value: number): string {
  if (value === 0) return '0';
  const exp = Math.floor(Math.log10(Math.abs(value)));
  const mantissa = value / 10 ** exp;
  if (exp >= -2 && exp <= 5) return num(value, 3);
  return `${num(Number(mantissa.toPrecision(4)), 3)} × 10${superscript(exp)}`;
}

export function typeLabel(type: CelestialBodyType): string {
  return CELESTIAL_BODY_TYPE_LABELS[type];
}

/** Millions of km → "149,6 milj. km". */
export function distanceMillionKm(value: number): string {
  return `${num(value, 1)} milj. km`;
}

export function astronomicalUnits(valueMillionKm: number): string {
  return `${num(valueMillionKm / AU_MILLION_KM, 2)} AE`;
}

export function km(value: number): string {
  return `${num(value, 1)} km`;
}

export function celsius(value: number | null): string | null {
  return value === null ? null : `${num(value, 0)} °C`;
}

/** Rotation in hours; long ones also in days, retrograde marked. */
export function rotation(hours: number): string {
  const abs = Math.abs(hours);
  const text = abs >= 48 ? `${num(abs, 1)} h (${num(abs / 24, 1)} dygn)` : `${num(abs, 2)} h`;
  return hours < 0 ? `${text}, baklänges` : text;
}

/** Days; long ones also in years. */
export function orbitalPeriod(days: number | null): string | null {
  if (days === null) return null;
  return days >= 700 ? `${num(days, 0)} dygn (${num(days / 365.25, 1)} år)` : `${num(days, 2)} dygn`;
}

export function percent(value: number): string {
  return `${num(value, value < 0.1 ? 4 : 2)} %`;
}

/** Surface pressure in bar; tiny ones in millibar or pascal. */
export function pressure(bar: number | null): string | null {
  if (bar === null) return null;
  if (bar === 0) return '0 bar';
  if (bar < 0.001) return `${num(bar * 100_000, 1)} Pa`;
  if (bar < 0.1) return `${num(bar * 1000, 2)} mbar`;
  return `${num(bar, 3)} bar`;
}

/** "1781-03-13" → "13 mars 1781". */
export function discoveryDate(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : swedishDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function yesNo(v: boolean): string {
  return v ? 'Ja' : 'Nej';
}
