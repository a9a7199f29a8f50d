import type { Comment } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';

export interface NewComment {
  articleId: number;
  parentId: number | null;
  name: string;
  email: string;
  content: string;
}

/** Spec 000 §7 comment calls. */
export const commentsApi = {
  list: (articleId: number) => getJson<Comment[]>(`/api/comments?articleId=${articleId}`),
  create: (input: NewComment) => sendJson<Comment>('POST', '/api/comments', input),
  remove: (id: number) => sendJson<{ msg: string }>('DELETE', `/api/comments/${id}`),
};
