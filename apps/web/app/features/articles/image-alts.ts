const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '');
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const textOf = (html: string) =>
  decode(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** Gives every `<img>` without (non-blank) alt text the alt `alt`. */
function withAlt(html: string, alt: string): string {
  return html.replace(/<img\b([^>]*?)\s*\/?>/gi, (img, attrs: string) =>
    /\balt="[^"]*\S[^"]*"/i.test(attrs) ? img : `<img${attrs.replace(/\s*\balt="[^"]*"/i, '')} alt="${attr(alt)}" />`,
  );
}

/**
 * A page never shows an image with an empty alt (issue 14): an inline image without alt text takes
 * its caption (the figcaption without the credit), else the article's title — the featured image's
 * rule. Works on the server-cleaned body (sanitize-html writes `alt="…"` in double quotes).
 */
export function fillImageAlts(html: string, title: string): string {
  if (!/<img\b/i.test(html)) return html;
  const figures = html.replace(/<figure>([\s\S]*?)<\/figure>/gi, (figure, inner: string) => {
    const caption = /<figcaption>([\s\S]*?)<\/figcaption>/i.exec(inner)?.[1] ?? '';
    const text = textOf(caption.replace(/<span class="credit">[\s\S]*?<\/span>/gi, ''));
    return text ? `<figure>${withAlt(inner, text)}</figure>` : figure;
  });
  return withAlt(figures, title);
}
