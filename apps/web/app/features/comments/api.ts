import type { Comment } from '@vaggen/contract';
import type { CommentInputSchema } from '@vaggen/contract/schemas';
import type { z } from 'zod';
import { getJson, sendJson } from '../../lib/api';

/** Body of `POST /api/comments`: the contract's schema decides its shape (type-only: no zod in the bundle). */
export type NewComment = z.infer<typeof CommentInputSchema>;

/** Spec 000 §7 comment calls. */
export const commentsApi = {
  list: (articleId: number) => getJson<Comment[]>(`/api/comments?articleId=${articleId}`),
  create: (input: NewComment) => sendJson<Comment>('POST', '/api/comments', input),
  remove: (id: number) => sendJson<{ msg: string }>('DELETE', `/api/comments/${id}`),
};
