import { describe, expect, it } from 'vitest';
import { formatWordList, parseWordList } from './wordList';

describe('word list editing (issue 16)', () => {
  it('reads one word a line, a trailing * as "words beginning with"', () => {
    expect(parseWordList('idiot*\n  knäppskalle \n\nöl', 60)).toEqual({
      ok: true,
      entries: [
        { word: 'idiot', prefix: true },
        { word: 'knäppskalle', prefix: false },
        { word: 'öl', prefix: false },
      ],
    });
  });

  it('keeps each entry once, whatever the case, but a word and its prefix form are two entries', () => {
    const r = parseWordList('Åsna\nåsna\nÅSNA*\nåsna*', 60);
    expect(r).toEqual({
      ok: true,
      entries: [
        { word: 'Åsna', prefix: false },
        { word: 'ÅSNA', prefix: true },
      ],
    });
  });

  it('names the line of a lone star, a star inside a word, or a word too long', () => {
    expect(parseWordList('bra\n*', 60)).toEqual({ ok: false, line: 2, msg: 'Rad 2: en stjärna behöver ett ord före sig.' });
    expect(parseWordList('id*ot', 60)).toEqual({ ok: false, line: 1, msg: 'Rad 1: stjärnan får bara stå sist ("id*ot").' });
    expect(parseWordList('a\nb\nåäöåäö', 5)).toEqual({ ok: false, line: 3, msg: 'Rad 3: högst 5 tecken.' });
  });

  it('counts å, ä and ö as one character each', () => {
    expect(parseWordList('åäöåä', 5).ok).toBe(true);
  });

  it('writes entries back as the same lines', () => {
    const text = 'idiot*\nknäppskalle';
    const parsed = parseWordList(text, 60);
    expect(parsed.ok && formatWordList(parsed.entries)).toBe(text);
    expect(formatWordList([])).toBe('');
  });
});
