import { describe, expect, it } from 'vitest';
import { applySpecialWords, cleanSpecialWords, escapeRegExp } from './special-words';

describe('applySpecialWords', () => {
  it('replaces whole words only, ignoring case', () => {
    const r = applySpecialWords('The cat sat. CAT and Cat, but not cats or concatenate or bobcat.', [
      { original: 'cat', translation: 'katt' },
    ]);
    expect(r.text).toBe('The katt sat. katt and katt, but not cats or concatenate or bobcat.');
    expect(r.count).toBe(3);
  });

  it('works with Swedish letters at word edges, where \\b would fail', () => {
    const words = [
      { original: 'år', translation: 'year' },
      { original: 'öl', translation: 'beer' },
      { original: 'Åsa', translation: 'ÅSA-NAMN' },
    ];
    const text = 'Ett år, två ÅR. Båren står still. Öl och öller och Kölen. åsa, ÅSA och Åsas bok. år.';
    const r = applySpecialWords(text, words);
    expect(r.text).toBe(
      'Ett year, två year. Båren står still. beer och öller och Kölen. ÅSA-NAMN, ÅSA-NAMN och Åsas bok. year.',
    );
    expect(r.count).toBe(6);
  });

  it('treats letters with combining marks, digits and _ as part of a word', () => {
    const decomposed = 'a\u030Ar'; // "år" written as a + combining ring
    const r = applySpecialWords(`ar ${decomposed} ar2 _ar ar_ (ar)`, [{ original: 'ar', translation: 'X' }]);
    expect(r.text).toBe(`X ${decomposed} ar2 _ar ar_ (X)`);
  });

  it('escapes regex characters and matches phrases, longest first, in one pass', () => {
    const r = applySpecialWords('C++ och c++, a.b men inte axb. New York och York. Sverige (S) och S.', [
      { original: 'C++', translation: 'CPP' },
      { original: 'a.b', translation: 'AB' },
      { original: 'York', translation: 'Y' },
      { original: 'New York', translation: 'NY' },
      { original: '(S)', translation: 'Socialdemokraterna' },
      { original: 'Sverige', translation: 'Sweden York' },
    ]);
    expect(r.text).toBe('CPP och CPP, AB men inte axb. NY och Y. Sweden York Socialdemokraterna och S.');
  });

  it('ignores incomplete words and keeps the first of duplicate originals', () => {
    const words = [
      { original: ' hund ', translation: ' dog ' },
      { original: 'HUND', translation: 'hound' },
      { original: 'katt', translation: '  ' },
      { original: '', translation: 'x' },
    ];
    expect(cleanSpecialWords(words)).toEqual([{ original: 'hund', translation: 'dog' }]);
    expect(applySpecialWords('En hund och en katt.', words)).toEqual({ text: 'En dog och en katt.', count: 1 });
    expect(applySpecialWords('oförändrad', [])).toEqual({ text: 'oförändrad', count: 0 });
  });

  it('escapeRegExp makes every character literal (valid with the u flag)', () => {
    const s = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o/p-q';
    expect(new RegExp(`^${escapeRegExp(s)}$`, 'u').test(s)).toBe(true);
  });
});
