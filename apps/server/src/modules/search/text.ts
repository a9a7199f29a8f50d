import { stemmer } from '@orama/stemmers/swedish';

/**
 * Swedish text for the search index and for queries, the same on both databases:
 * lower case, NFC (so å/ä/ö are single letters and never folded to a/o), every run of anything
 * that is not a letter or digit is one space. "Bostadsmarknaden, i Malmö!" → "bostadsmarknaden i malmö".
 */
export function normalize(text: string): string {
  return text
    .normalize('NFC')
    .toLocaleLowerCase('sv-SE')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export const words = (text: string): string[] => {
  const n = normalize(text);
  return n ? n.split(' ') : [];
};

/** Snowball's Swedish stemmer (the algorithm PostgreSQL's `swedish` configuration uses). */
export const stem = (word: string): string => stemmer(word);

/** Words of at least this many letters are also found inside compounds (bostad → bostadsmarknaden). */
export const COMPOUND_MIN = 4;

/** One part of a query: a word (inflections and compounds match) or an exact phrase. */
export type QueryPart = { kind: 'word'; word: string } | { kind: 'phrase'; words: string[] };

export interface ParsedQuery {
  include: QueryPart[];
  exclude: QueryPart[];
}

export const QUERY_MAX_PARTS = 8;

/**
 * `bil "exakt fras" -utesluten -"hela frasen"` → parts. A bare token that normalizes to several
 * words (e-post, 2024-05-01) is a phrase. Case and punctuation never matter.
 */
export function parseQuery(q: string): ParsedQuery {
  const include: QueryPart[] = [];
  const exclude: QueryPart[] = [];
  const re = /(-?)"([^"]*)"?|(\S+)/g;
  for (let m = re.exec(q); m; m = re.exec(q)) {
    let negative = m[1] === '-';
    let raw = m[2] ?? m[3] ?? '';
    const quoted = m[2] !== undefined;
    if (!quoted && raw.startsWith('-') && raw.length > 1) {
      negative = true;
      raw = raw.slice(1);
    }
    const ws = words(raw);
    if (ws.length === 0) continue;
    const part: QueryPart = quoted || ws.length > 1 ? { kind: 'phrase', words: ws } : { kind: 'word', word: ws[0] };
    const list = negative ? exclude : include;
    if (include.length + exclude.length >= QUERY_MAX_PARTS) break;
    if (!list.some((p) => JSON.stringify(p) === JSON.stringify(part))) list.push(part);
  }
  return { include, exclude };
}

/** What the index stores for one article. */
export interface IndexedText {
  /** Normalized, padded with spaces so a phrase can be matched as " w1 w2 ". */
  titleNorm: string;
  bodyNorm: string;
  titleStems: string;
  bodyStems: string;
}

export function indexText(title: string, body: string): IndexedText {
  const t = words(title);
  const b = words(body);
  return {
    titleNorm: ` ${t.join(' ')} `,
    bodyNorm: ` ${b.join(' ')} `,
    titleStems: t.map(stem).join(' '),
    bodyStems: b.map(stem).join(' '),
  };
}

/** One piece of a highlighted text: `hit` pieces are what the query found. */
export interface Segment {
  text: string;
  hit: boolean;
}

/** Does this word of a text answer one of the query's parts (same rules as the index)? */
function matcher(parsed: ParsedQuery) {
  const stems = new Set<string>();
  const subs: string[] = [];
  for (const p of parsed.include) {
    if (p.kind === 'word') {
      stems.add(stem(p.word));
      if (p.word.length >= COMPOUND_MIN) subs.push(p.word);
    } else {
      for (const w of p.words) stems.add(stem(w));
    }
  }
  return (word: string): boolean => {
    const n = normalize(word);
    if (!n) return false;
    return n.split(' ').some((w) => stems.has(stem(w)) || subs.some((s) => w.includes(s)));
  };
}

/** The whole text with the words the query found marked. */
export function highlight(text: string, parsed: ParsedQuery): Segment[] {
  const isHit = matcher(parsed);
  return merge(text.split(/(\s+)/).map((t) => ({ text: t, hit: !/^\s*$/.test(t) && isHit(t) })));
}

/**
 * About `maxWords` words of the text around its first hit (the start when none), with hits
 * marked and "…" where text was cut.
 */
export function snippet(text: string, parsed: ParsedQuery, maxWords = 32): Segment[] {
  const isHit = matcher(parsed);
  const tokens = text.split(/\s+/).filter(Boolean);
  const first = tokens.findIndex((t) => isHit(t));
  const start = first <= 8 ? 0 : first - 8;
  const end = Math.min(tokens.length, start + maxWords);
  const out: Segment[] = [];
  if (start > 0) out.push({ text: '… ', hit: false });
  tokens.slice(start, end).forEach((t, i) => {
    if (i > 0) out.push({ text: ' ', hit: false });
    out.push({ text: t, hit: isHit(t) });
  });
  if (end < tokens.length) out.push({ text: ' …', hit: false });
  return merge(out);
}

function merge(segs: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const s of segs) {
    if (!s.text) continue;
    const last = out[out.length - 1];
    if (last && last.hit === s.hit) last.text += s.text;
    else out.push({ ...s });
  }
  return out;
}
