import type { Article, LiveEntry, LiveEntryInput, LiveEntryPage, LiveEntryUpdate } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';
import { readStoredToken } from '../../lib/session';

/** Issue 44: the live desk's calls. */
export const liveApi = {
  article: (id: number) => getJson<Article>(`/api/newsroom/articles/${id}`),
  entries: (id: number, cursor?: string | null) =>
    getJson<LiveEntryPage>(`/api/articles/${id}/live-entries${cursor ? `?cursor=${cursor}` : ''}`, {
      cache: 'no-store',
    }),
  /** The report's drafts (its writers and admins; never cached). */
  drafts: (id: number) => getJson<LiveEntryPage>(`/api/articles/${id}/live-entries?drafts=1`, { cache: 'no-store' }),
  post: (id: number, input: LiveEntryInput) => sendJson<LiveEntry>('POST', `/api/articles/${id}/live-entries`, input),
  update: (entryId: number, input: LiveEntryUpdate) =>
    sendJson<LiveEntry>('PUT', `/api/live-entries/${entryId}`, input),
  remove: (entryId: number) => sendJson<{ msg: string }>('DELETE', `/api/live-entries/${entryId}`),
  end: (id: number) => sendJson<Article>('POST', `/api/articles/${id}/live-end`),
  /** A picture from the camera or the files, through the media upload (`POST /api/upload/image`). */
  async upload(file: File): Promise<string> {
    const form = new FormData();
    form.append('file', file);
    const token = readStoredToken();
    const res = await fetch('/api/upload/image', {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), Accept: 'application/json' },
    });
    const body = (await res.json().catch(() => null)) as { url?: string; msg?: string } | null;
    if (!res.ok || !body?.url) throw new Error(body?.msg || 'Bilden kunde inte laddas upp');
    return body.url;
  },
};

/** Plain text as the composer takes it → paragraphs of HTML (the server cleans it again). */
export function textToHtml(text: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The entry HTML back to text for editing. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}
