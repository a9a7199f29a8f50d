import {
  type Article,
  type Commenter,
  canWrite,
  isAdmin,
  MODERATION_MSG,
  QUEUE_COUNT_MAX,
  type QueueCount,
  type QueueItem,
  type QueuePage,
  type QueueQuery,
  type QueueTab,
  type ReportReason,
  type ReportSummary,
  type User,
} from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { httpError } from '../../lib/http-errors.js';
import type { ArticlesService } from '../articles/service.js';
import type { CommentsService } from '../comments/service.js';
import { emptySummary, type ItemRow, parseReasons, validCursor } from './shared.js';

/** The moderation queue: who may see which rows, its pages with everything a moderator decides by, its counts. */
export class ModerationQueue {
  constructor(
    private readonly db: Db,
    private readonly comments: CommentsService,
    private readonly articles: ArticlesService,
  ) {}

  /** The queue rows a viewer may act on: every row for admins, their own articles' for writers. */
  scope(actor: User) {
    if (isAdmin(actor)) return null;
    if (canWrite(actor)) return actor.id;
    throw httpError(403, MODERATION_MSG.notYourArticle);
  }

  async queue(q: QueueQuery, actor: User): Promise<QueuePage> {
    const owner = this.scope(actor);
    const cursor = validCursor(q.cursor);
    const newest = q.order === 'newest';
    const rows = (await this.db
      .selectFrom('moderation_items')
      .selectAll()
      .where('tab', '=', q.tab)
      .$if(owner !== null, (b) => b.where('article_owner_id', '=', owner as number))
      .$if(q.articleId !== undefined, (b) => b.where('article_id', '=', q.articleId as number))
      .$if(q.category !== undefined, (b) => b.where('category', '=', q.category as string))
      .$if(cursor !== undefined, (b) => b.where('comment_id', newest ? '<' : '>', cursor as number))
      .orderBy('comment_id', newest ? 'desc' : 'asc')
      .limit(q.limit + 1)
      .execute()) as ItemRow[];
    const more = rows.length > q.limit;
    const page = more ? rows.slice(0, q.limit) : rows;
    const items = await this.hydrate(page, isAdmin(actor));
    return { items, next_cursor: more ? String(page[page.length - 1]?.comment_id) : null };
  }

  /** The page's comments, parents, articles, commenters and reports: a fixed number of batched reads. */
  private async hydrate(rows: ItemRow[], admin: boolean): Promise<QueueItem[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.comment_id));
    const comments = await this.comments.getForModeration(ids);
    const parentIds = [...new Set([...comments.values()].flatMap((c) => (c.parentId === null ? [] : [c.parentId])))];
    const commenters = [...new Set(rows.map((r) => r.commenter))];
    const [parents, articles, history, reports, bans] = await Promise.all([
      this.comments.getForModeration(parentIds),
      this.articles.getManyByIds([...new Set(rows.map((r) => Number(r.article_id)))]),
      this.db.selectFrom('moderation_commenters').selectAll().where('commenter', 'in', commenters).execute(),
      this.reportSummaries(ids),
      this.bansOf(commenters),
    ]);
    const articleById = new Map(articles.map((a) => [a.id, a]));
    const historyBy = new Map(history.map((h) => [h.commenter, h]));
    const out: QueueItem[] = [];
    for (const r of rows) {
      const c = comments.get(Number(r.comment_id));
      const a = articleById.get(Number(r.article_id));
      if (!c || !a) continue;
      const p = c.parentId === null ? undefined : parents.get(c.parentId);
      const h = historyBy.get(r.commenter);
      const reasons = parseReasons(r.reasons);
      c.comment.moderation_reasons = reasons;
      if (!admin) c.comment.email = null;
      const standing = bans.get(r.commenter) ?? { banned: false, premoderated: false };
      const commenter: Commenter = {
        user_id: c.authorId,
        name: c.name,
        email: admin ? c.email : null,
        approved: Number(h?.approved ?? 0),
        rejected: Number(h?.rejected ?? 0),
        ...standing,
      };
      out.push({
        comment: c.comment,
        article: { id: a.id, title: a.title, slug: a.slug, category: a.category },
        parent: p
          ? {
              id: p.comment.id,
              name: p.comment.name,
              content: p.comment.content.slice(0, 500),
              isDeleted: p.comment.isDeleted,
              moderation_status: p.status,
            }
          : null,
        commenter,
        reasons,
        reports: reports.get(Number(r.comment_id)) ?? emptySummary(),
        queued_at: r.queued_at,
      });
    }
    return out;
  }

  private async reportSummaries(ids: number[]): Promise<Map<number, ReportSummary>> {
    const rows = await this.db
      .selectFrom('moderation_reports')
      .select(['comment_id', 'reason', 'note', 'created_at'])
      .where('comment_id', 'in', ids)
      .where('resolved', '=', 0)
      .orderBy('id', 'desc')
      .limit(ids.length * 50)
      .execute();
    const out = new Map<number, ReportSummary>();
    for (const r of rows) {
      const id = Number(r.comment_id);
      const s = out.get(id) ?? emptySummary();
      s.open++;
      s.by_reason[r.reason as ReportReason]++;
      if (r.note && s.notes.length < 5)
        s.notes.push({ reason: r.reason as ReportReason, note: r.note, created_at: r.created_at });
      out.set(id, s);
    }
    return out;
  }

  /** Whether each commenter is banned or always pre-moderated now. */
  private async bansOf(commenters: string[]): Promise<Map<string, { banned: boolean; premoderated: boolean }>> {
    const userIds = commenters.filter((c) => c.startsWith('u:')).map((c) => Number(c.slice(2)));
    const emails = commenters.filter((c) => c.startsWith('e:')).map((c) => c.slice(2));
    const out = new Map<string, { banned: boolean; premoderated: boolean }>();
    if (userIds.length === 0 && emails.length === 0) return out;
    const now = nowIso();
    const rows = await this.db
      .selectFrom('moderation_bans')
      .select(['user_id', 'email', 'kind', 'until'])
      .where((eb) =>
        eb.or([
          ...(userIds.length ? [eb('user_id', 'in', userIds)] : []),
          ...(emails.length ? [eb('email', 'in', emails)] : []),
        ]),
      )
      .where('lifted_at', 'is', null)
      .execute();
    for (const b of rows) {
      if (b.until !== null && b.until <= now) continue;
      const key = b.user_id !== null ? `u:${b.user_id}` : `e:${b.email}`;
      const s = out.get(key) ?? { banned: false, premoderated: false };
      if (b.kind === 'ban') s.banned = true;
      else s.premoderated = true;
      out.set(key, s);
    }
    return out;
  }

  async count(actor: User): Promise<QueueCount> {
    const owner = this.scope(actor);
    // bounded: a badge needs "10000+", not a count of a million rows
    const one = async (tab: QueueTab) => {
      const sub = this.db
        .selectFrom('moderation_items')
        .select('comment_id')
        .where('tab', '=', tab)
        .$if(owner !== null, (b) => b.where('article_owner_id', '=', owner as number))
        .limit(QUEUE_COUNT_MAX);
      const r = await this.db
        .selectFrom(sub.as('q'))
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    };
    const [pending, reported, rejected] = await Promise.all([one('pending'), one('reported'), one('rejected')]);
    return { pending, reported, rejected };
  }

  /** Whether the actor may moderate comments of this article (admins all; writers their own). */
  mayModerate(actor: User, article: Pick<Article, 'author_id'> | undefined): boolean {
    return !!article && (isAdmin(actor) || (canWrite(actor) && article.author_id === actor.id));
  }
}
