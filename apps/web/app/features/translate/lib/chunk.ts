import {
  TRANSLATE_CHARS_PER_TOKEN,
  TRANSLATE_CHUNK_JOINER,
  TRANSLATE_CHUNK_THRESHOLD_TOKENS,
  TRANSLATE_CHUNK_TOKENS,
} from '@vaggen/contract';
import { estimateTokens } from './tokens';

export interface ChunkOptions {
  /** Text above this many estimated tokens is split. */
  thresholdTokens?: number;
  /** Largest chunk, in estimated tokens. */
  chunkTokens?: number;
}

/** Blank-line-separated paragraphs of a text, trimmed, without empty ones. */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n\s*/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

// A sentence ends with . ! ? or … (then optional closing quotes or brackets) and whitespace, or
// with a CJK full stop / exclamation / question mark (no whitespace needed). Splitting right after
// that keeps every character: the pieces concatenate back to the paragraph.
const SENTENCE_END = /(?<=(?:[.!?…]["'”’»)\]]*\s+|[。！？]["'”’»)\]」』]*\s*))(?!\s)/u;

/** The sentences of a paragraph, each with its trailing whitespace. */
export function splitSentences(paragraph: string): string[] {
  return paragraph.split(SENTENCE_END).filter((s) => s.length > 0);
}

/** Cuts one over-long sentence into pieces of at most `max` characters, at a space when there is one. */
function hardSplit(sentence: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > max) {
    let cut = max;
    for (let i = max; i > max / 2; i--) {
      if (/\s/.test(rest[i] ?? '')) {
        cut = i;
        break;
      }
    }
    // never cut a surrogate pair in two
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trimStart();
  }
  if (rest.trim()) pieces.push(rest.trim());
  return pieces;
}

/** A paragraph longer than `max` characters, packed sentence by sentence into pieces of at most `max`. */
function splitLongParagraph(paragraph: string, max: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const sentence of splitSentences(paragraph)) {
    if (current.length + sentence.trimEnd().length <= max) {
      current += sentence;
      continue;
    }
    if (current.trim()) pieces.push(current.trim());
    current = '';
    if (sentence.trimEnd().length <= max) current = sentence;
    else {
      const parts = hardSplit(sentence.trim(), max);
      current = `${parts.pop() ?? ''} `;
      pieces.push(...parts);
    }
  }
  if (current.trim()) pieces.push(current.trim());
  return pieces;
}

/**
 * Spec 001 §9: text above about 4000 estimated tokens is split into chunks of about 3000, at blank
 * lines and then at sentences (a single over-long sentence is cut at spaces). Chunks keep the
 * text's order; joined by blank lines they hold all of the text (only whitespace at the cuts
 * changes). Short text is one chunk; empty text is none.
 */
export function splitIntoChunks(text: string, opts: ChunkOptions = {}): string[] {
  const threshold = opts.thresholdTokens ?? TRANSLATE_CHUNK_THRESHOLD_TOKENS;
  const max = (opts.chunkTokens ?? TRANSLATE_CHUNK_TOKENS) * TRANSLATE_CHARS_PER_TOKEN;
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (!trimmed) return [];
  if (estimateTokens(trimmed) <= threshold) return [trimmed];

  const chunks: string[] = [];
  let current = '';
  const add = (piece: string) => {
    if (!current) current = piece;
    else if (current.length + TRANSLATE_CHUNK_JOINER.length + piece.length <= max)
      current += TRANSLATE_CHUNK_JOINER + piece;
    else {
      chunks.push(current);
      current = piece;
    }
  };
  for (const paragraph of splitParagraphs(trimmed)) {
    if (paragraph.length <= max) add(paragraph);
    else for (const piece of splitLongParagraph(paragraph, max)) add(piece);
  }
  if (current) chunks.push(current);
  return chunks;
}

/** Spec 001 §9: translated chunks are joined by blank lines. */
export function joinChunks(parts: readonly string[]): string {
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(TRANSLATE_CHUNK_JOINER);
}
