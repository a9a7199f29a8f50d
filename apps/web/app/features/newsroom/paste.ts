import { isHtmlContent, plainTextParagraphs } from '@vaggen/contract';

/** Pasted text that is exactly one web address (http or https), else null. */
export function pastedUrl(text: string | null | undefined): string | null {
  const t = text?.trim();
  if (!t || /\s/.test(t) || !/^https?:\/\//i.test(t)) return null;
  try {
    const u = new URL(t);
    return u.protocol === 'http:' || u.protocol === 'https:' ? t : null;
  } catch {
    return null;
  }
}

const IMAGE_PATH = /\.(avif|gif|jpe?g|png|webp|svg)$/i;

/** Spec 000 §2: a pasted URL of an image (by its file ending) becomes an image, else null. */
export function imageUrlOf(url: string): string | null {
  try {
    const u = new URL(url);
    return IMAGE_PATH.test(u.pathname) ? url : null;
  } catch {
    return null;
  }
}

/**
 * A link typed into the link field: https / http / mailto kept, a bare host gets https://,
 * our own paths (/…) kept; anything else (javascript:, data: …) refused with null.
 */
export function normaliseLinkUrl(value: string): string | null {
  const t = value.trim();
  if (!t) return null;
  if (t.startsWith('/')) return t.startsWith('//') || t.startsWith('/\\') ? null : t;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(t)) return t;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(t) ? t : `https://${t}`;
  try {
    const u = new URL(withScheme);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    if (!u.hostname.includes('.') && u.hostname !== 'localhost') return null;
    return withScheme;
  } catch {
    return null;
  }
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Article content for the editor: HTML as is, plain text (spec 000 §3) as paragraphs. */
export function contentToEditorHtml(content: string): string {
  if (!content) return '';
  if (isHtmlContent(content)) return content;
  return plainTextParagraphs(content)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
}

/** Spec 000 §5 "content required", as the server counts it: text, or at least one image. */
export function hasContent(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').trim().length > 0 || /<img\s/i.test(html);
}
