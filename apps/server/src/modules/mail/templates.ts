/**
 * The one look of every mail Väggen sends (issue 21): Swedish HTML with the site's masthead, inline
 * CSS only (mail clients drop style sheets), and a plain-text part made from the same content.
 *
 *   const { html, text, headers } = renderMail({
 *     heading: 'Återställ ditt lösenord',
 *     paragraphs: ['Någon (förhoppningsvis du) bad om …'],
 *     button: { label: 'Välj ett nytt lösenord', url },
 *     unsubscribeUrl,            // only for mail the reader subscribed to (newsletter, notifications)
 *   });
 *   await mail.enqueue({ to, subject, kind: 'newsletter', html, text, headers });
 *
 * With `unsubscribeUrl` the mail gets `List-Unsubscribe: <url>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058: the mail client POSTs
 * `List-Unsubscribe=One-Click` to that URL, so it must accept a POST without login) and an
 * unsubscribe line in the footer. Transactional mail (password reset, verification) passes none.
 */

export interface MailContent {
  /** The big headline under the masthead. */
  heading: string;
  /** Body paragraphs, plain text (escaped here; a blank line between them in the text part). */
  paragraphs: string[];
  /** A call to action: a button in HTML, "label: url" in the text part. */
  button?: { label: string; url: string };
  /**
   * Extra HTML blocks placed after the paragraphs (e.g. a newsletter's list of articles), each with
   * its own plain-text twin. The caller escapes what it puts in `html` (use `escapeHtml`).
   */
  blocks?: { html: string; text: string }[];
  /** A small line above the footer (e.g. "Länken gäller i 60 minuter."). */
  note?: string;
  /** Non-transactional mail: where one click unsubscribes (adds the RFC 8058 headers). */
  unsubscribeUrl?: string;
  /** Shown in the footer with the unsubscribe link, e.g. "Du får det här brevet för att du prenumererar på morgonbrevet." */
  reason?: string;
}

export interface RenderedMail {
  html: string;
  text: string;
  headers: Record<string, string>;
}

export const MASTHEAD = 'Väggen';
export const TAGLINE = 'På en vägg nära dig';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** The RFC 2369 / RFC 8058 headers for mail a reader may leave in one click. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const RED = '#b91c1c';
const INK = '#1a1a1a';
const MUTED = '#5b5b5b';
const LINE = '#e3e0da';
const PAPER = '#fbfaf7';
const SERIF = 'Georgia, "Times New Roman", serif';
const SANS = 'Arial, Helvetica, sans-serif';

/** HTML and plain text of one mail in the site's look, plus its list headers. */
export function renderMail(c: MailContent): RenderedMail {
  const p = (s: string) =>
    `<p style="margin:0 0 16px;font:16px/1.55 ${SANS};color:${INK}">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
  const button = c.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.button.url)}" style="display:inline-block;background:${RED};color:#ffffff;text-decoration:none;font:bold 16px ${SANS};padding:12px 20px;border-radius:4px">${escapeHtml(c.button.label)}</a></p>
<p style="margin:0 0 16px;font:13px/1.5 ${SANS};color:${MUTED}">Fungerar inte knappen? Kopiera adressen till webbläsaren:<br><a href="${escapeHtml(c.button.url)}" style="color:${RED};word-break:break-all">${escapeHtml(c.button.url)}</a></p>`
    : '';
  const note = c.note
    ? `<p style="margin:16px 0 0;font:14px/1.5 ${SANS};color:${MUTED}">${escapeHtml(c.note)}</p>`
    : '';
  const unsubscribe = c.unsubscribeUrl
    ? `<br>${c.reason ? `${escapeHtml(c.reason)} ` : ''}<a href="${escapeHtml(c.unsubscribeUrl)}" style="color:${MUTED}">Avsluta prenumerationen</a>`
    : '';
  const html = `<!doctype html>
<html lang="sv">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(c.heading)}</title></head>
<body style="margin:0;padding:0;background:${PAPER}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${PAPER}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid ${LINE}">
<tr><td style="background:${RED};padding:18px 24px">
<div style="font:bold 30px/1.1 ${SERIF};color:#ffffff;letter-spacing:0.5px">${MASTHEAD}</div>
<div style="font:italic 14px/1.4 ${SERIF};color:#fde8e8">${TAGLINE}</div>
</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font:bold 24px/1.25 ${SERIF};color:${INK}">${escapeHtml(c.heading)}</h1>
${c.paragraphs.map(p).join('\n')}
${button}
${(c.blocks ?? []).map((b) => b.html).join('\n')}
${note}
</td></tr>
<tr><td style="border-top:1px solid ${LINE};padding:16px 24px;font:12px/1.5 ${SANS};color:${MUTED}">
${MASTHEAD} · ${TAGLINE}${unsubscribe}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    `${MASTHEAD.toUpperCase()} – ${TAGLINE}`,
    '',
    c.heading,
    '='.repeat(Math.min(c.heading.length, 60)),
    '',
    ...c.paragraphs.flatMap((s) => [s, '']),
    ...(c.button ? [`${c.button.label}: ${c.button.url}`, ''] : []),
    ...(c.blocks ?? []).flatMap((b) => [b.text, '']),
    ...(c.note ? [c.note, ''] : []),
    '-- ',
    `${MASTHEAD} · ${TAGLINE}`,
    ...(c.unsubscribeUrl ? [`${c.reason ? `${c.reason} ` : ''}Avsluta prenumerationen: ${c.unsubscribeUrl}`] : []),
  ].join('\n');
  return { html, text, headers: c.unsubscribeUrl ? unsubscribeHeaders(c.unsubscribeUrl) : {} };
}
