import {
  type ArticleModeration,
  COMMENTER_TOKEN_HEADER,
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
 * later comments under the same commenter. Kept in local storage; none when storage is off.
 */
const TOKEN_KEY = 'commenterToken';

export function readCommenterToken(): string | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function keepCommenterToken(token: string | undefined) {
  if (!token) return;
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
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
