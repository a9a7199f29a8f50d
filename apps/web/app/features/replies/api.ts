import type { ReplyCase, ReplyCasePage, ReplyInput, ReplyStatus } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';

/** Issue 43: the right of reply's calls (a request for anyone, the cases for admins). */
export const repliesApi = {
  request: (input: ReplyInput) => sendJson<{ case_number: string; msg: string }>('POST', '/api/replies', input),
  cases: (status?: ReplyStatus, cursor?: string | null) =>
    getJson<ReplyCasePage>(
      `/api/newsroom/replies?${new URLSearchParams({ ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) })}`,
    ),
  decide: (
    id: number,
    body: { status: 'granted' | 'published' | 'rejected'; decision_text?: string; reply_article_id?: number },
  ) => sendJson<ReplyCase>('PUT', `/api/newsroom/replies/${id}`, body),
};
