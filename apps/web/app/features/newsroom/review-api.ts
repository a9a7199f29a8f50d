import type { Article, ReviewDecisionInput, ReviewPolicy, ReviewQueuePage } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';

/** Issue 41: review before publishing (the policy for the caller, the admins' queue and decisions). */
export const reviewApi = {
  policy: () => getJson<ReviewPolicy>('/api/newsroom/review/policy'),
  queue: (after?: string | null) =>
    getJson<ReviewQueuePage>(`/api/newsroom/review${after ? `?after=${encodeURIComponent(after)}` : ''}`),
  decide: (id: number, input: ReviewDecisionInput) =>
    sendJson<Article>('POST', `/api/newsroom/articles/${id}/review`, input),
};
