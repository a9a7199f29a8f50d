import { describe, expect, it } from 'vitest';
import { formatWordList, parseWordList } from './wordList';

describe('word list editing (issue 16)', () => {
  it('reads one word a line, a trailing * as "words beginning with"', () => {
    expect(parseWordList('idiot*\n  knäppskalle \n\nöl', { maxLength: 60 })).toEqual({
      ok: true,
      entries: [
        { word: 'idiot', word_beginning: true },
        { word: 'knäppskalle', word_beginning: false },
        { word: 'öl', word_beginning: false },
      ],
    });
  });

  it('keeps each entry once, whatever the case, but a word and its prefix form are two entries', () => {
    const r = parseWordList('Åsna\nåsna\nÅSNA*\nåsna*', { maxLength: 60 });
    expect(r).toEqual({
      ok: true,
      entries: [
        { word: 'Åsna', word_beginning: false },
        { word: 'ÅSNA', word_beginning: true },
      ],
    });
  });

  it('names the line of a lone star, a star inside a word, or a word too long', () => {
    expect(parseWordList('bra\n*', { maxLength: 60 })).toEqual({
      ok: false,
      line: 2,
      msg: 'Rad 2: en stjärna behöver ett ord före sig.',
    });
    expect(parseWordList('id*ot', { maxLength: 60 })).toEqual({
      ok: false,
      line: 1,
      msg: 'Rad 1: stjärnan får bara stå sist ("id*ot").',
    });
    expect(parseWordList('a\nb\nåäöåäö', { maxLength: 5 })).toEqual({
      ok: false,
      line: 3,
      msg: 'Rad 3: högst 5 tecken.',
    });
  });

  it('names the line of a word the given pattern refuses', () => {
    const rules = { maxLength: 60, pattern: /^[\p{L}\p{N}][\p{L}\p{N}' -]*$/u, patternMsg: 'bara bokstäver' };
    expect(parseWordList('bra ord\nfy!', rules)).toEqual({ ok: false, line: 2, msg: 'Rad 2: bara bokstäver ("fy!").' });
    expect(parseWordList('smörgåsbord\ncafé*', rules).ok).toBe(true);
  });

  it('refuses more entries than a list may hold', () => {
    expect(parseWordList('a\nb\nc', { maxLength: 60, maxEntries: 2 })).toEqual({
      ok: false,
      line: 3,
      msg: 'Högst 2 ord per lista.',
    });
    expect(parseWordList('a\nA\nb', { maxLength: 60, maxEntries: 2 }).ok).toBe(true);
  });

  it('counts å, ä and ö as one character each', () => {
    expect(parseWordList('åäöåä', { maxLength: 5 }).ok).toBe(true);
  });

  it('writes entries back as the same lines', () => {
    const text = 'idiot*\nknäppskalle';
    const parsed = parseWordList(text, { maxLength: 60 });
    expect(parsed.ok && formatWordList(parsed.entries)).toBe(text);
    expect(formatWordList([])).toBe('');
  });
});
