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

const VOWELS = new Set('aeiouyäåö');
/** Snowball Swedish step 1 suffixes, longest first. */
const MAIN_SUFFIXES = [
  'heterna',
  'hetens',
  'anden',
  'andes',
  'andet',
  'arens',
  'arnas',
  'ernas',
  'heten',
  'heter',
  'ornas',
  'arna',
  'erna',
  'orna',
  'ande',
  'arne',
  'aste',
  'aren',
  'ades',
  'erns',
  'ade',
  'are',
  'ern',
  'ens',
  'het',
  'ast',
  'ad',
  'en',
  'ar',
  'er',
  'or',
  'as',
  'es',
  'at',
  'a',
  'e',
  's',
];
const VALID_S_ENDING = new Set('bcdfghjklmnoprtvy');
const CONSONANT_PAIRS = ['dd', 'gd', 'nn', 'dt', 'gt', 'kt', 'tt'];

/**
 * Swedish stem: the Snowball Swedish algorithm (the one PostgreSQL's `swedish` configuration and
 * `@orama/stemmers` implement) WITHOUT its step 3, which also strips the derivational endings
 * -lig, -ig, -els (and shortens -löst, -fullt) and so makes unrelated words one: billig(are) → "bil",
 * farlig → "far", viktig → "vikt" (decision 025). Inflections still meet: bil, bilen, bilar,
 * bilarna → "bil"; billig, billigare → "billig". Computed in JavaScript for both databases, so
 * both index exactly the same stems.
 */
export function stem(word: string): string {
  // R1: after the first non-vowel that follows a vowel, but at least 3 letters in.
  let p1 = word.length;
  if (word.length >= 3) {
    let i = 0;
    while (i < word.length && !VOWELS.has(word[i])) i++;
    while (i < word.length && VOWELS.has(word[i])) i++;
    if (i < word.length) p1 = Math.max(i + 1, 3);
  }
  let w = word;
  const suffix = MAIN_SUFFIXES.find((s) => w.endsWith(s) && w.length - s.length >= p1);
  if (suffix === 's') {
    if (VALID_S_ENDING.has(w[w.length - 2])) w = w.slice(0, -1);
  } else if (suffix) {
    w = w.slice(0, -suffix.length);
  }
  if (CONSONANT_PAIRS.some((pair) => w.endsWith(pair) && w.length - 2 >= p1)) w = w.slice(0, -1);
  return w;
}

/** A word whose stem has at least this many letters is also found inside compounds (bostaden → bostadsmarknaden). */
export const COMPOUND_MIN = 4;

/** Longer "words" (codes, junk) are left out of the stem index and the vocabulary. */
export const WORD_MAX = 64;

/**
 * Beginnings of what follows a word inside a longer word that make it a derivation, not a
 * compound: mark|nad, hand|ling, bil|ligare, stad|ion, mark|eringen.
 */
const DERIVATIONS = [
  'lig',
  'ig',
  'isk',
  'ning',
  'ing',
  'ling',
  'nad',
  'het',
  'else',
  'skap',
  'dom',
  'bar',
  'sam',
  'are',
  'ande',
  'ende',
  'er',
  'eri',
  'ist',
  'ism',
  'ion',
  'itet',
  'inna',
  'ör',
  'ös',
  'ell',
];
const isHead = (rest: string) => rest.length >= 3 && !DERIVATIONS.some((d) => rest.startsWith(d));

/**
 * Is `word` a compound with `part` (the stem of a query word, at least COMPOUND_MIN letters) as one
 * of its parts (decision 025)? `part` must stand at a part boundary of `word`:
 * - before it nothing, or a first part of at least 3 letters (bo|stad, be|handling, s|vara: no);
 * - after it nothing, an inflection ending of `part` (gråvarg|en, bostads|marknad|en), a linking "s"
 *   and a part of at least 3 letters (bostad|s|marknaden, stad|s|del), or a part of at least 3
 *   letters that does not begin like a derivational ending (klimat|avtal yes; mark|naden,
 *   hand|ling, stad|ion, bil|ligare no).
 */
export function isCompoundOf(word: string, part: string): boolean {
  if (part.length < COMPOUND_MIN || word.length <= part.length) return false;
  for (let i = word.indexOf(part); i >= 0; i = word.indexOf(part, i + 1)) {
    const left = word.slice(0, i);
    const right = word.slice(i + part.length);
    if (left.length > 0 && left.length < 3) continue;
    if (right === '' || stem(part + right) === part) return true;
    if (isHead(right) || (right[0] === 's' && isHead(right.slice(1)))) return true;
  }
  return false;
}

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
    titleStems: indexStems(t).join(' '),
    bodyStems: indexStems(b).join(' '),
  };
}

const indexStems = (ws: string[]) => ws.filter((w) => w.length <= WORD_MAX).map(stem);

/**
 * The words of a normalized text that go into the vocabulary (decision 025): only those long
 * enough to contain a COMPOUND_MIN-letter word and more, distinct, sorted (so concurrent writers
 * update vocabulary rows in the same order).
 */
export function vocabularyWords(norm: string): string[] {
  const out = new Set<string>();
  for (const w of norm.split(' ')) if (w.length > COMPOUND_MIN && w.length <= WORD_MAX) out.add(w);
  return [...out].sort();
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
      const s = stem(p.word);
      if (s.length >= COMPOUND_MIN) subs.push(s);
    } else {
      for (const w of p.words) stems.add(stem(w));
    }
  }
  return (word: string): boolean => {
    const n = normalize(word);
    if (!n) return false;
    return n.split(' ').some((w) => stems.has(stem(w)) || subs.some((s) => isCompoundOf(w, s)));
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
