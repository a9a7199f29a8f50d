import { describe, expect, it } from 'vitest';
import { CORRECTION_PROMPT_CHARS, changedChars } from './corrections.js';

describe('how much a change touches (issue 43: is it a correction?)', () => {
  it('counts the differing middle, not the length of the text', () => {
    expect(changedChars('Bron invigs den 5 maj.', 'Bron invigs den 5 maj.')).toBe(0);
    expect(changedChars('Bron invigs den 5 maj.', 'Bron invigs den 15 maj.')).toBe(1);
    expect(changedChars('Kommunen beslutade 1989.', 'Kommunen beslutade 1998.')).toBe(2);
    expect(changedChars('abc', '')).toBe(3);
    expect(changedChars('', 'abcd')).toBe(4);
    expect(changedChars('a\u030Asa', 'åsa')).toBe(0);
  });
  it('a typo stays under the threshold; a rewritten sentence goes over it', () => {
    const text = 'Beslutet fattades av kommunstyrelsen i torsdags efter en lång debatt.';
    expect(changedChars(text, text.replace('torsdags', 'tordags'))).toBeLessThanOrEqual(CORRECTION_PROMPT_CHARS);
    expect(
      changedChars(text, 'Beslutet fattades av byggnadsnämnden i fredags, och inte av kommunstyrelsen som vi skrev.'),
    ).toBeGreaterThan(CORRECTION_PROMPT_CHARS);
  });
});
