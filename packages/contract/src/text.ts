/**
 * Issue 40 (findings 7, 12, 13): what text the API takes. Browser-safe, no zod.
 *
 * - Control characters — C0 but tab, line feed and carriage return, DEL, C1, the noncharacters
 *   U+FFFE/U+FFFF and lone surrogates — carry nothing a reader can see, and XML 1.0 cannot hold
 *   most of them (a title with U+0001 made `/rss.xml` malformed). `stripControlChars` removes them
 *   from every string of every request body and query (the server applies `cleanTextInput` before
 *   validation).
 * - Names are one line: no line break, tab or control character (`isOneLine`), so a visitor's
 *   name cannot carry a paragraph of instructions into the writer's notification mail.
 * - Invisible and bidirectional formatting characters (zero-width space, RLO …) are dropped before
 *   names are compared (`withoutInvisible`), so "Anna\u200bLindqvist" is Anna Lindqvist.
 */

/** Characters no text field keeps (see above). */
const CONTROL_CHARS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Line breaks, tabs and the Unicode line and paragraph separators: a name has none. */
const LINE_BREAKS = /[\t\n\r\u2028\u2029\u0085]/;

/**
 * Characters that show nothing or only reorder what is shown: soft hyphen, combining grapheme
 * joiner, Arabic letter mark, Hangul fillers, Mongolian and other variation selectors, zero-width
 * space/joiners, directional marks, embeddings, overrides and isolates, word joiner and invisible
 * operators, BOM, and the tag characters (U+E0000–U+E007F).
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each is a character of its own here, to be removed
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]|\uDB40[\uDC00-\uDDEF]/g;

/** The text without control characters (tabs and line breaks stay). */
export function stripControlChars(s: string): string {
  return s.replace(CONTROL_CHARS, '');
}

/** Whether a text has a control character (tabs and line breaks aside). */
export function hasControlChars(s: string): boolean {
  CONTROL_CHARS.lastIndex = 0;
  const found = CONTROL_CHARS.test(s);
  CONTROL_CHARS.lastIndex = 0;
  return found;
}

/** A name's text: one line, no control character (see `TEXT_MSG.nameOneLine`). */
export function isOneLine(s: string): boolean {
  return !LINE_BREAKS.test(s) && !hasControlChars(s);
}

/** Any text as one line: runs of line breaks and tabs become one space, control characters go. */
export function toOneLine(s: string): string {
  return stripControlChars(s)
    .replace(/[\t\n\r\u2028\u2029\u0085]+/g, ' ')
    .trim();
}

/** The text without invisible and bidirectional formatting characters. */
export function withoutInvisible(s: string): string {
  return s.replace(INVISIBLE, '');
}

/** Fields whose every character is the user's own secret: passed on untouched. */
const SECRET_KEYS = new Set(['password', 'current_password', 'new_password', 'token']);

/**
 * A request body or query with control characters removed from every string in it (objects and
 * arrays walked, 32 levels at most), secrets (`password`, `token` …) left as sent. Returns the same
 * value when nothing changed.
 */
export function cleanTextInput<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return stripControlChars(value) as T;
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const c = cleanTextInput(v, depth + 1);
      if (c !== v) changed = true;
      return c;
    });
    return (changed ? out : value) as T;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (SECRET_KEYS.has(key)) continue;
    const v = record[key];
    const c = cleanTextInput(v, depth + 1);
    if (c !== v) record[key] = c;
  }
  return value;
}

export const TEXT_MSG = {
  /** A name (a visitor's, an account's) with a line break, tab or control character. */
  nameOneLine: 'Namnet får bara vara en rad, utan radbrytningar eller styrtecken.',
} as const;
