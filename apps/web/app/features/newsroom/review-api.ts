import type { Article, NewsroomSettings, ReviewDecisionInput, ReviewPolicy, ReviewQueuePage } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';

/** Issue 41: review before publishing (the policy for the caller, the admins' queue and decisions). */
export const reviewApi = {
  policy: () => getJson<ReviewPolicy>('/api/newsroom/review/policy'),
  queue: (after?: string | null) =>
    getJson<ReviewQueuePage>(`/api/newsroom/review${after ? `?after=${encodeURIComponent(after)}` : ''}`),
  /** The paper's setting (admin): `GET`/`PUT /api/newsroom/settings`. */
  settings: () => getJson<NewsroomSettings>('/api/newsroom/settings'),
  setReviewRequired: (on: boolean) =>
    sendJson<NewsroomSettings>('PUT', '/api/newsroom/settings', { review_required: on }),
  decide: (id: number, input: ReviewDecisionInput) =>
    sendJson<Article>('POST', `/api/newsroom/articles/${id}/review`, input),
};
