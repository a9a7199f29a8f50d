import type {
  ArticleModeration,
  ArticleModerationInput,
  AuditPage,
  Ban,
  BanInput,
  BanPage,
  BulkAction,
  BulkResult,
  ModerationResult,
  ModerationSettings,
  ModerationSettingsInput,
  QueueCount,
  QueueItem,
  QueueOrder,
  QueuePage,
  QueueTab,
  User,
} from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';
import type { CursorPage } from '../../lib/cursor-list';

const qs = (params: Record<string, string | number | null | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};

export interface QueueFilter {
  tab: QueueTab;
  category: string | null;
  articleId: number | null;
  order: QueueOrder;
}

/** The moderation calls of issue 16 (browser side; the server checks every role itself). */
export const moderationApi = {
  queue: async (q: QueueFilter, cursor: string | null): Promise<CursorPage<QueueItem>> => {
    const page = await getJson<QueuePage>(
      `/api/moderation/queue${qs({ tab: q.tab, category: q.category, articleId: q.articleId, order: q.order, cursor })}`,
    );
    return { items: page.items, next: page.next_cursor };
  },
  counts: () => getJson<QueueCount>('/api/moderation/queue/count'),
  approve: (id: number) => sendJson<ModerationResult>('POST', `/api/moderation/comments/${id}/approve`),
  reject: (id: number, reason: string | null) =>
    sendJson<ModerationResult>('POST', `/api/moderation/comments/${id}/reject`, { reason }),
  bulk: (action: BulkAction, ids: number[], reason: string | null = null) =>
    sendJson<BulkResult>('POST', '/api/moderation/bulk', { action, ids, reason }),
  article: (id: number) => getJson<ArticleModeration>(`/api/moderation/articles/${id}`),
  saveArticle: (id: number, input: ArticleModerationInput) =>
    sendJson<ArticleModeration>('PUT', `/api/moderation/articles/${id}`, input),
  settings: () => getJson<ModerationSettings>('/api/moderation/settings'),
  saveSettings: (s: ModerationSettingsInput) => sendJson<ModerationSettings>('PUT', '/api/moderation/settings', s),
  bans: async (cursor: string | null): Promise<CursorPage<Ban>> => {
    const page = await getJson<BanPage>(`/api/moderation/bans${qs({ cursor })}`);
    return { items: page.bans, next: page.next_cursor };
  },
  ban: (input: BanInput) => sendJson<Ban>('POST', '/api/moderation/bans', input),
  lift: (id: number) => sendJson<{ msg: string }>('DELETE', `/api/moderation/bans/${id}`),
  audit: async (cursor: string | null): Promise<CursorPage<AuditPage['entries'][number]>> => {
    const page = await getJson<AuditPage>(`/api/moderation/audit${qs({ cursor })}`);
    return { items: page.entries, next: page.next_cursor };
  },
  /** Accounts, to ban one by username (admins; `GET /api/users`). */
  users: () => getJson<User[]>('/api/users'),
};
