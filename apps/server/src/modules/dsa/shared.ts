import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { DsaNoticesTable, DsaStatementsTable } from '../../db/schema.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { ArticlesService } from '../articles/service.js';
import type { CommentsService } from '../comments/service.js';
import type { MailService } from '../mail/service.js';
import type { ModerationService } from '../moderation/service.js';
import type { NotificationsService } from '../notifications/service.js';

export type NoticeRow = Selectable<DsaNoticesTable>;
export type StatementRow = Selectable<DsaStatementsTable>;

export const TOKEN_PURPOSE = 'dsa-appeal';
export const EXCERPT = 300;

export interface DsaDeps {
  db: Db;
  events: DomainEvents;
  mail: MailService;
  notifications: NotificationsService;
  comments: CommentsService;
  articles: ArticlesService;
  moderation: ModerationService;
  secret: Buffer;
  /** Links in mails (no request to take the host from: statements go out after commit). */
  siteUrl: string;
  limiter: RateLimiter;
}

/** An address on this site naming an article (`/article/<slug>`, `/articles/<id>`) and maybe a comment (`#comment-<id>`). */
export function parseContentUrl(
  raw: string,
  siteUrl: string,
): { slug?: string; id?: number; commentId?: number } | null {
  let url: URL;
  try {
    url = new URL(raw, siteUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const comment = /^#comment-(\d{1,10})$/.exec(url.hash);
  const commentId = comment ? Number(comment[1]) : undefined;
  const bySlug = /^\/article\/([^/]{1,300})\/?$/.exec(url.pathname);
  if (bySlug) {
    try {
      return { slug: decodeURIComponent(bySlug[1] as string), commentId };
    } catch {
      return null;
    }
  }
  const byId = /^\/articles\/(\d{1,10})\/?$/.exec(url.pathname);
  if (byId) return { id: Number(byId[1]), commentId };
  return null;
}
