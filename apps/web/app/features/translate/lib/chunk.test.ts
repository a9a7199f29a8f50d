import { TRANSLATE_CHUNK_TOKENS } from '@vaggen/contract';
import { describe, expect, it } from 'vitest';
import { joinChunks, splitIntoChunks, splitParagraphs, splitSentences } from './chunk';
import { estimateTokens } from './tokens';

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
const MAX_CHARS = TRANSLATE_CHUNK_TOKENS * 4;

/** A paragraph of `n` numbered sentences, about 60 characters each. */
function paragraph(tag: string, n: number): string {
  return Array.from({ length: n }, (_, i) => `Mening ${tag}-${i + 1} handlar om något viktigt för läsaren.`).join(' ');
}

describe('estimateTokens', () => {
  it('counts one token per 4 characters, rounded up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abc')).toBe(1);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
    expect(estimateTokens('x'.repeat(16_000))).toBe(4000);
  });
});

describe('splitParagraphs and splitSentences', () => {
  it('splits at blank lines (also with spaces or CRLF) and keeps single newlines', () => {
    expect(splitParagraphs('Ett\ntvå\n\nTre\r\n\r\nFyra\n  \n\n Fem ')).toEqual(['Ett\ntvå', 'Tre', 'Fyra', 'Fem']);
  });
  it('splits sentences after . ! ? … and CJK stops, keeping every character', () => {
    const p = 'Hej! Är det sant? Ja. "Citat." Sedan… slut 3.14 är pi。次の文。';
    const s = splitSentences(p);
    expect(s).toEqual(['Hej! ', 'Är det sant? ', 'Ja. ', '"Citat." ', 'Sedan… ', 'slut 3.14 är pi。', '次の文。']);
    expect(s.join('')).toBe(p);
  });
});

describe('splitIntoChunks', () => {
  it('keeps text up to 4000 estimated tokens in one chunk (trimmed), and empty text in none', () => {
    const text = `  ${'a'.repeat(16_000 - 5)}\n\nend `;
    expect(estimateTokens(text.trim())).toBe(4000);
    expect(splitIntoChunks(text)).toEqual([text.trim()]);
    expect(splitIntoChunks(' \n\n ')).toEqual([]);
  });

  it('splits longer text at blank lines into chunks of at most 3000 tokens, in order, losing nothing', () => {
    const paragraphs = Array.from({ length: 60 }, (_, i) => paragraph(`p${i + 1}`, 6)); // ~60 × 370 chars
    const text = paragraphs.join('\n\n');
    expect(estimateTokens(text)).toBeGreaterThan(4000);
    const chunks = splitIntoChunks(text);
    expect(chunks.length).toBe(2);
    for (const c of chunks) expect(estimateTokens(c)).toBeLessThanOrEqual(3000);
    // cut at blank lines only: every chunk is whole paragraphs
    for (const c of chunks) for (const p of c.split('\n\n')) expect(paragraphs).toContain(p);
    expect(chunks.join('\n\n')).toBe(text);
    // the first chunk is filled up to near the limit before a new one starts
    expect(chunks[0].length).toBeGreaterThan(MAX_CHARS - 400);
  });

  it('splits an over-long paragraph at sentences', () => {
    const long = paragraph('lång', 500); // ~30 000 characters, no blank line
    const text = `Inledning.\n\n${long}\n\nAvslutning.`;
    const chunks = splitIntoChunks(text);
    expect(chunks.length).toBe(3);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(MAX_CHARS);
      expect(c.endsWith('.')).toBe(true); // every cut is after a sentence
    }
    expect(chunks[0].startsWith('Inledning.\n\nMening lång-1 ')).toBe(true);
    expect(chunks[2].endsWith('Mening lång-500 handlar om något viktigt för läsaren.\n\nAvslutning.')).toBe(true);
    expect(norm(chunks.join('\n\n'))).toBe(norm(text));
  });

  it('hard-splits a single sentence longer than a chunk, at spaces', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `ord${i}`);
    const text = `${words.join(' ')}.`; // one sentence of 38 890 characters
    const chunks = splitIntoChunks(text);
    expect(chunks.length).toBe(4);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(MAX_CHARS);
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeGreaterThan(MAX_CHARS - 20);
    expect(chunks.join(' ').split(' ')).toEqual([...words.slice(0, -1), `${words.at(-1)}.`]);
  });

  it('hard-splits text without any spaces at the size limit', () => {
    const text = 'x'.repeat(30_000);
    const chunks = splitIntoChunks(text);
    expect(chunks.map((c) => c.length)).toEqual([12_000, 12_000, 6000]);
    expect(chunks.join('')).toBe(text);
  });

  it('honours custom sizes, and order and content survive a mix of all three cuts', () => {
    const text = [
      'Kort stycke ett.',
      paragraph('a', 3),
      `${'x'.repeat(130)} slut.`,
      'Kort stycke två.\nMed en rad till.',
      paragraph('b', 4),
    ].join('\n\n');
    const chunks = splitIntoChunks(text, { thresholdTokens: 20, chunkTokens: 25 });
    expect(chunks.length).toBeGreaterThan(4);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(100);
    // the 130 x's were cut without a space to cut at: only whitespace differs
    const bare = (s: string) => s.replace(/\s+/g, '');
    expect(bare(chunks.join('\n\n'))).toBe(bare(text));
    expect(chunks.findIndex((c) => c.includes('Kort stycke två'))).toBeGreaterThan(
      chunks.findIndex((c) => c.includes('Mening a-3')),
    );
  });
});

describe('joinChunks', () => {
  it('joins translated chunks with blank lines, trimming them and skipping empty ones', () => {
    expect(joinChunks([' Ett \n', 'Två', '', 'Tre\nfyra'])).toBe('Ett\n\nTvå\n\nTre\nfyra');
  });
});
