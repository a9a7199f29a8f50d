import {
  type ArticleModeration,
  COMMENTER_TOKEN_DAYS,
  COMMENTER_TOKEN_HEADER,
  COMMENTER_TOKEN_STORAGE_KEY,
  type Comment,
  type CommentOrder,
  type CommentPage,
  type CommentRepliesPage,
  type ReportInput,
} from '@vaggen/contract';
import type { CommentInputSchema } from '@vaggen/contract/schemas';
import type { z } from 'zod';
import { getJson, sendJson } from '../../lib/api';

/** Body of `POST /api/comments`: the contract's schema decides its shape (type-only: no zod in the bundle). */
export type NewComment = z.infer<typeof CommentInputSchema>;

/**
 * A visitor's commenter token (issue 16): the server hands it out with a visitor's first comment;
 * sent back, it lets this browser see its own held comments ("Väntar på granskning") and keeps
 * later comments under the same commenter. Kept in local storage as `<token>|<expiry in ms>`,
 * for COMMENTER_TOKEN_DAYS after the latest comment (issue 43: the privacy policy's lifetime);
 * none when storage is off.
 */
const TOKEN_KEY = COMMENTER_TOKEN_STORAGE_KEY;
const TOKEN_TTL_MS = COMMENTER_TOKEN_DAYS * 24 * 3600 * 1000;

export function readCommenterToken(now = Date.now()): string | null {
  try {
    if (typeof window === 'undefined') return null;
    const raw = window.localStorage.getItem(TOKEN_KEY);
    if (!raw) return null;
    const [token, until] = raw.split('|');
    if (!token) return null;
    if (until === undefined) {
      keepCommenterToken(token, now); // kept before it had a lifetime: its days start now
      return token;
    }
    if (!(Number(until) > now)) {
      window.localStorage.removeItem(TOKEN_KEY);
      return null;
    }
    return token;
  } catch {
    return null;
  }
}

export function keepCommenterToken(token: string | undefined, now = Date.now()) {
  if (!token) return;
  try {
    window.localStorage.setItem(TOKEN_KEY, `${token}|${now + TOKEN_TTL_MS}`);
  } catch {
    // storage disabled: the held comment is shown now, but not after a reload
  }
}

const tokenHeaders = (): Record<string, string> => {
  const token = readCommenterToken();
  return token ? { [COMMENTER_TOKEN_HEADER]: token } : {};
};

/** Spec 000 §7 comment calls, paged (decision 015). */
export const commentsApi = {
  page: (articleId: number, order: CommentOrder, cursor?: string | null) =>
    getJson<CommentPage>(`/api/comments?articleId=${articleId}&order=${order}${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: tokenHeaders(),
    }),
  replies: (rootId: number, cursor: string | null) =>
    getJson<CommentRepliesPage>(`/api/comments/${rootId}/replies${cursor ? `?cursor=${cursor}` : ''}`, {
      headers: tokenHeaders(),
    }),
  create: async (input: NewComment) => {
    const created = await getJson<Comment>('/api/comments', {
      method: 'POST',
      body: JSON.stringify(input),
      headers: { 'Content-Type': 'application/json', ...tokenHeaders() },
    });
    keepCommenterToken(created.author_token);
    return created;
  },
  remove: (id: number) =>
    sendJson<{ msg: string; placeholder: boolean; removed: number[] }>('DELETE', `/api/comments/${id}`),
  /** "Anmäl" (issue 16). */
  report: (commentId: number, input: ReportInput) =>
    sendJson<{ msg: string }>('POST', `/api/comments/${commentId}/reports`, input),
  /** Whether the article takes comments (issue 16: an article's moderation state). */
  articleModeration: (articleId: number) => getJson<ArticleModeration>(`/api/moderation/articles/${articleId}`),
};
