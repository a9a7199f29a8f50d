import type { Comment, CommentOrder, CommentPage, CommentRepliesPage } from '@vaggen/contract';
import type { CommentInputSchema } from '@vaggen/contract/schemas';
import type { z } from 'zod';
import { getJson, sendJson } from '../../lib/api';

/** Body of `POST /api/comments`: the contract's schema decides its shape (type-only: no zod in the bundle). */
export type NewComment = z.infer<typeof CommentInputSchema>;

/** Spec 000 §7 comment calls, paged (decision 015). */
export const commentsApi = {
  page: (articleId: number, order: CommentOrder, cursor?: string | null) =>
    getJson<CommentPage>(`/api/comments?articleId=${articleId}&order=${order}${cursor ? `&cursor=${cursor}` : ''}`),
  replies: (rootId: number, cursor: string | null) =>
    getJson<CommentRepliesPage>(`/api/comments/${rootId}/replies${cursor ? `?cursor=${cursor}` : ''}`),
  create: (input: NewComment) => sendJson<Comment>('POST', '/api/comments', input),
  remove: (id: number) =>
    sendJson<{ msg: string; placeholder: boolean; removed: number[] }>('DELETE', `/api/comments/${id}`),
};
