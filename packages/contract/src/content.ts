/** Article content is HTML, or plain text with paragraphs split by blank lines (spec 000 §3). */
export function isHtmlContent(content: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^>]*)?>/i.test(content);
}

/** Plain-text content -> paragraphs (blank-line separated; single newlines kept as spaces). */
export function plainTextParagraphs(content: string): string[] {
  return content
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s*\r?\n\s*/g, ' ').trim())
    .filter(Boolean);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text of HTML or plain content, whitespace folded. Script and style bodies are dropped. */
export function contentToText(content: string): string {
  const text = isHtmlContent(content)
    ? content
        .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
        // Block boundaries become spaces; inline tags vanish, so "<em>ja</em>." stays "ja."
        .replace(
          /<\/?(?:p|div|h[1-6]|li|ul|ol|blockquote|br|hr|img|figure|figcaption|table|thead|tbody|tr|td|th|pre|section|article|header|footer|aside|dl|dt|dd)\b[^>]*>/gi,
          ' ',
        )
        .replace(/<[^>]+>/g, '')
        .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
          if (e[0] === '#') {
            const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
            return Number.isFinite(code) ? String.fromCodePoint(code) : m;
          }
          return ENTITIES[e.toLowerCase()] ?? m;
        })
    : content;
  return text.replace(/\s+/g, ' ').trim();
}

/** A short lead for lists and meta descriptions, cut at a word boundary. */
export function makeExcerpt(content: string, max = 200): string {
  // Plain text only: whatever looks like a tag after entities are decoded (e.g. an escaped
  // "&lt;img src=x onerror=…&gt;" in the body) is dropped, so no reader of `excerpt` meets markup.
  // An inline image's caption and credit are not part of the lead.
  const body = isHtmlContent(content) ? content.replace(/<figcaption\b[^>]*>[\s\S]*?<\/figcaption>/gi, ' ') : content;
  const text = contentToText(body)
    .replace(/<(?=[a-z!/?])[^>]*(>|$)/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** URL slug from a title: Swedish letters transliterated (å/ä → a, ö → o), lower case, dashes. */
export function slugify(title: string): string {
  const slug = title
    .toLocaleLowerCase('sv-SE')
    .replace(/[åä]/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'artikel';
}
