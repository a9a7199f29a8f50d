import type { Comment, CommentOrder, CommentPage, CommentRepliesPage } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';

export interface NewComment {
  articleId: number;
  parentId: number | null;
  name: string;
  email: string;
  content: string;
}

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
