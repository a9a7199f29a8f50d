import {
  type Article,
  type ArticleCorrection,
  type ArticleInputBody,
  type ArticleRevision,
  type ArticleRevisionSummary,
  type ArticleStatus,
  type ArticleSummary,
  type ArticleTotals,
  type Autosave,
  type AutosaveInput,
  type BylineInvitationPage,
  type CorrectionHistory,
  type CorrectionInput,
  MSG,
  type NewsroomArticle,
  uploadFailedMessage,
} from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';
import { readStoredToken } from '../../lib/session';

/** Issue 41: what the newsroom's article list is narrowed to. */
export interface NewsroomFilters {
  status?: ArticleStatus;
  category?: string;
  /** Admins: one writer's articles (the name is for the filter's label). */
  author?: { id: number; name: string };
  /** Words in the headline. */
  q?: string;
}

/** Body of `POST /api/articles` and `PUT /api/articles/{id}` (spec 000 §7), as the contract's schema defines it. */
export type ArticleDraft = ArticleInputBody;

/** Newsroom calls of spec 000 §7 (under /api on the same origin, bearer token from storage). */
export const newsroomApi = {
  /** A writer's own articles, all articles for an admin; newest first. */
  list: (limit: number, filters: NewsroomFilters = {}, before?: string) => {
    const params = new URLSearchParams({ limit: String(limit) });
    if (filters.status) params.set('status', filters.status);
    if (filters.category) params.set('category', filters.category);
    if (filters.author) params.set('author', String(filters.author.id));
    if (filters.q?.trim()) params.set('q', filters.q.trim());
    if (before) params.set('before', before);
    return getJson<ArticleSummary[]>(`/api/newsroom/articles?${params}`);
  },
  /** Any status (the editor and the preview); the writer's own or, for admins, any. */
  get: (id: number) => getJson<NewsroomArticle>(`/api/newsroom/articles/${id}`),
  revisions: (id: number) => getJson<ArticleRevisionSummary[]>(`/api/newsroom/articles/${id}/revisions`),
  revision: (id: number, revisionId: number) =>
    getJson<ArticleRevision>(`/api/newsroom/articles/${id}/revisions/${revisionId}`),
  restore: (id: number, revisionId: number, version: number) =>
    sendJson<NewsroomArticle>('POST', `/api/newsroom/articles/${id}/revisions/${revisionId}/restore`, { version }),
  tags: (q: string) => getJson<string[]>(`/api/newsroom/tags?q=${encodeURIComponent(q)}`),
  /** Issue 45: views and average engaged seconds since publication (≤ 100 articles; a writer's own). */
  totals: (ids: number[]) => getJson<ArticleTotals[]>(`/api/newsroom/analytics/totals?ids=${ids.join(',')}`),
  create: (draft: ArticleDraft) => sendJson<Article>('POST', '/api/articles', draft),
  update: (id: number, draft: ArticleDraft) => sendJson<Article>('PUT', `/api/articles/${id}`, draft),
  remove: (id: number) => sendJson<{ msg: string }>('DELETE', `/api/articles/${id}`),
  /** Issue 40: the caller's invitations to co-author an article, and the answer to one. */
  bylineInvitations: (after?: number) =>
    getJson<BylineInvitationPage>(`/api/newsroom/byline-invitations${after ? `?after=${after}` : ''}`),
  /** Issue 43: an article's corrections with their earlier wordings; add one; amend one. */
  corrections: (id: number) => getJson<CorrectionHistory[]>(`/api/newsroom/articles/${id}/corrections`),
  addCorrection: (id: number, input: CorrectionInput) =>
    sendJson<ArticleCorrection>('POST', `/api/newsroom/articles/${id}/corrections`, input),
  amendCorrection: (correctionId: number, input: CorrectionInput) =>
    sendJson<ArticleCorrection>('PUT', `/api/newsroom/corrections/${correctionId}`, input),
  /** Issue 41: the caller's working copy of an article (`new`: of a new one). */
  autosave: (slot: number | 'new') => getJson<Autosave | null>(`/api/newsroom/autosaves/${slot}`),
  putAutosave: (slot: number | 'new', input: AutosaveInput) =>
    sendJson<{ saved_at: string }>('PUT', `/api/newsroom/autosaves/${slot}`, input),
  dropAutosave: (slot: number | 'new') => sendJson<null>('DELETE', `/api/newsroom/autosaves/${slot}`),
  answerInvitation: (id: number, accept: boolean) =>
    sendJson<{ msg: string }>('POST', `/api/newsroom/byline-invitations/${id}/${accept ? 'accept' : 'decline'}`),
};

/** An upload that failed, with the text of spec 000 §8 to show. */
export class UploadError extends Error {}

/**
 * `POST /api/upload/image` (multipart field `file`, bearer token, credentials) → the stored URL.
 * Errors carry the spec 000 §8 texts: no token → "Authentication token not found. Please log in
 * again."; a refused upload → "Failed to upload image: {status} {text}" (the server's `msg`, else
 * the status text), or just "Failed to upload image" for uploads inside the editor (`inline`).
 */
export async function uploadImage(file: File, { inline = false } = {}): Promise<string> {
  const token = readStoredToken();
  if (!token) throw new UploadError(MSG.uploadNoToken);
  const form = new FormData();
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch('/api/upload/image', {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
  } catch (err) {
    console.error('image upload failed', err);
    throw new UploadError(inline ? MSG.uploadFailedInline : uploadFailedMessage(0, String(err)));
  }
  const text = await res.text().catch(() => '');
  let body: { url?: unknown; msg?: unknown } | null = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok || typeof body?.url !== 'string') {
    if (inline) throw new UploadError(MSG.uploadFailedInline);
    const detail = typeof body?.msg === 'string' && body.msg ? body.msg : res.statusText || text;
    throw new UploadError(uploadFailedMessage(res.status, detail));
  }
  return body.url;
}
