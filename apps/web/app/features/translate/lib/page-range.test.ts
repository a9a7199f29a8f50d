import { describe, expect, it } from 'vitest';
import { isValidPageRange, pageRangeError, pagesInRanges, parsePageNumber } from './page-range';

describe('page ranges', () => {
  it('is valid only when start > 0, end ≤ page count and start ≤ end', () => {
    expect(isValidPageRange({ start: 1, end: 3 }, 3)).toBe(true);
    expect(isValidPageRange({ start: 2, end: 2 }, 3)).toBe(true);
    expect(isValidPageRange({ start: 0, end: 2 }, 3)).toBe(false);
    expect(isValidPageRange({ start: -1, end: 2 }, 3)).toBe(false);
    expect(isValidPageRange({ start: 1, end: 4 }, 3)).toBe(false);
    expect(isValidPageRange({ start: 3, end: 2 }, 3)).toBe(false);
    expect(isValidPageRange({ start: Number.NaN, end: 2 }, 3)).toBe(false);
    expect(isValidPageRange({ start: 1.5, end: 2 }, 3)).toBe(false);
  });

  it("gives the spec's message with the page count", () => {
    expect(pageRangeError([{ start: 1, end: 3 }], 3)).toBeNull();
    expect(pageRangeError([{ start: 2, end: 5 }], 4)).toBe('Invalid page range (1-4)');
    expect(
      pageRangeError(
        [
          { start: 1, end: 2 },
          { start: 3, end: 1 },
        ],
        12,
      ),
    ).toBe('Invalid page range (1-12)');
    expect(pageRangeError([], 3)).toBe('Invalid page range (1-3)');
  });

  it('lists pages in the order of the ranges, each once', () => {
    expect(
      pagesInRanges([
        { start: 4, end: 5 },
        { start: 1, end: 2 },
        { start: 2, end: 4 },
      ]),
    ).toEqual([4, 5, 1, 2, 3]);
  });

  it('reads typed page numbers', () => {
    expect(parsePageNumber(' 7 ')).toBe(7);
    expect(parsePageNumber('')).toBeNaN();
    expect(parsePageNumber('2.5')).toBeNaN();
    expect(parsePageNumber('-1')).toBeNaN();
  });
});
