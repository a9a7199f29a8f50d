import { TRANSLATE_MSG } from '@vaggen/contract';

/** A page range as typed (1-based, inclusive). */
export interface PageRange {
  start: number;
  end: number;
}

/** Spec 001 §5: valid only when start > 0, end ≤ page count and start ≤ end (whole numbers). */
export function isValidPageRange(range: PageRange, pageCount: number): boolean {
  const { start, end } = range;
  return Number.isInteger(start) && Number.isInteger(end) && start > 0 && end <= pageCount && start <= end;
}

/** The spec's message for the first invalid range ('Invalid page range (1-N)'), or null when all are valid. */
export function pageRangeError(ranges: readonly PageRange[], pageCount: number): string | null {
  if (ranges.length === 0 || ranges.some((r) => !isValidPageRange(r, pageCount)))
    return TRANSLATE_MSG.invalidPageRange(pageCount);
  return null;
}

/** The pages of valid ranges in the order given, each page once. */
export function pagesInRanges(ranges: readonly PageRange[]): number[] {
  const pages: number[] = [];
  const seen = new Set<number>();
  for (const { start, end } of ranges) {
    for (let p = start; p <= end; p++) {
      if (!seen.has(p)) {
        seen.add(p);
        pages.push(p);
      }
    }
  }
  return pages;
}

/** A typed field value as a page number (NaN when it is not a whole number). */
export function parsePageNumber(value: string): number {
  const v = value.trim();
  return /^\d+$/.test(v) ? Number(v) : Number.NaN;
}
