import { imageSrcSet, isHtmlContent, plainTextParagraphs } from '@vaggen/contract';
import sanitizeHtml from 'sanitize-html';

/** The article column: full width on phones, at most 760 px (as the featured image). */
const IMAGE_SIZES = '(max-width: 900px) 100vw, 760px';

/**
 * The allow-list for article HTML (spec 000 §5): everything not listed is dropped, which removes
 * script, iframe, object, embed, form and style elements, on-event attributes and javascript: URLs.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'img',
    'figure',
    'figcaption',
    'span',
    'hr',
    'code',
    'pre',
    'sub',
    'sup',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading'],
    // issue 42: the paywall point the editor places (<hr data-paywall="">)
    hr: ['data-paywall'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  // An inline image's credit: <figure><img alt><figcaption>caption <span class="credit">Foto: …</span></figcaption></figure>
  // (issue 14). Figure and figcaption carry no attributes; a span keeps only the class "credit".
  allowedClasses: { span: ['credit'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // an image whose address was refused (javascript:, data: …) is dropped, not kept without one
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'form'],
  transformTags: {
    // Our own uploads get their responsive widths (the same sizes as the featured image); any
    // srcset or sizes written by hand is dropped.
    img: (tagName, { srcset: _srcset, sizes: _sizes, ...attribs }) => {
      const srcset = imageSrcSet(attribs.src);
      return {
        tagName,
        attribs: srcset ? { ...attribs, srcset, sizes: IMAGE_SIZES, loading: attribs.loading ?? 'lazy' } : attribs,
      };
    },
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function cleanArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * Every stored article body is safe HTML (issue 17): HTML is cleaned with the allow-list; anything
 * else — plain text, including text such as `<img/src=x onerror=…>` that does not look like HTML to
 * `isHtmlContent` — becomes escaped `<p>` paragraphs (blank lines split them, as spec 000 §3 reads
 * plain text), so no client ever receives markup it did not expect.
 */
export function toSafeHtml(content: string): string {
  const paragraphs = (text: string, encode: (s: string) => string) =>
    plainTextParagraphs(text)
      .map((p) => `<p>${encode(p)}</p>`)
      .join('\n');
  if (!isHtmlContent(content)) return paragraphs(content, escapeHtml);
  const cleaned = cleanArticleHtml(content);
  // Nothing but text was left (e.g. "före <script>…</script> efter"): it is already escaped by the
  // sanitizer; give it paragraphs so the body still reads as HTML.
  return isHtmlContent(cleaned) ? cleaned : paragraphs(cleaned, (p) => p);
}
