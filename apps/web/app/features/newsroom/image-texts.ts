/**
 * Inline images' texts (issue 14): how the editor reads them back from the stored
 * `<figure><img alt><figcaption>caption <span class="credit">Foto: …</span></figcaption></figure>`
 * and counts the images still without alt text.
 */

/** The credit as its field shows it: "Foto: Anna Berg" → "Anna Berg" (`creditLine` adds "Foto: " back); "Bild: …" stays. */
export function creditField(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^foto\s*:\s*/i, '');
}

/** The caption of a `<figcaption>`: its text without the credit. */
export function captionOf(figcaption: Element | null): string {
  if (!figcaption) return '';
  const copy = figcaption.cloneNode(true) as Element;
  for (const credit of Array.from(copy.querySelectorAll('.credit'))) credit.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The credit of a `<figcaption>`'s `<span class="credit">`, as its field shows it. */
export function creditOf(span: Element | null): string {
  return span ? creditField(span.textContent ?? '') : '';
}

/** Images of the article without alt text: the featured one (when set) and every inline `<img>`. */
export function imagesWithoutAlt(featured: string, alt: string, html: string): number {
  let n = featured.trim() && !alt.trim() ? 1 : 0;
  for (const m of html.matchAll(/<img\b[^>]*>/gi)) if (!/\balt="[^"]*\S[^"]*"/i.test(m[0])) n++;
  return n;
}
