import { API_TIME_FLOOR, NEWSROOM_TEXT } from '@vaggen/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { anyArticle, appeared } from './editor.js';
import { ArticleChanged, ArticlePublished, type WentLive } from './events.js';

/** What the scheduler's revision copies from the article's last one: its text, category, tags, images and fields. */
const REVISION_TEXT = ['title', 'content', 'category', 'tags', 'featured_image', 'meta'] as const;

/** Scheduled articles going live at their time (issue 14): the `scheduled-publish` job's work. */
export class ArticleScheduler {
  constructor(
    readonly _db: Db,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Publishes every scheduled article due at `now`, exactly once even when several processes run
   * this at the same moment: one conditional UPDATE … WHERE status = 'scheduled' changes each row
   * for one of them only (PostgreSQL re-checks the condition after the row lock; SQLite has one
   * writer), and only the rows it returned are announced: `ArticlePublished` (the author is told,
   * in this transaction) and `ArticleChanged` (readers see a new article).
   */
  async publishDue(now: Date): Promise<WentLive[]> {
    const at = now.toISOString();
    return this.events.transaction(async (trx) => {
      const rows = await trx
        .updateTable('articles')
        .set({
          status: 'published',
          published_at: sql<string>`publish_at`,
          updated_at: sql<string>`publish_at`,
          publish_at: null,
          // a new version: an editor who still has the scheduled article open gets the 409
          version: sql<number>`version + 1`,
        })
        .where('status', '=', 'scheduled')
        // Issue 40: times are stored in one form (contract dates.ts), so text order is time order;
        // one in another form (a signed year, `+275760-…`, sorts first) is never due.
        .where('publish_at', '>=', API_TIME_FLOOR)
        .where('publish_at', '<=', at)
        .returning(['id', 'slug', 'title', 'author_id', 'version', 'published_at'])
        .execute();
      // …and its revision: the last saved one, now published, saved by the scheduler
      for (const r of rows)
        await this.keepSchedulerRevision(trx, Number(r.id), Number(r.version), r.published_at ?? at);
      const went = rows.map((r) => ({
        id: Number(r.id),
        slug: r.slug,
        title: r.title,
        authorId: r.author_id === null ? null : Number(r.author_id),
      }));
      for (const a of went) await this.events.emit(trx, ArticlePublished(a));
      // Readers now see them: for the page cache each is like a new article (lists, tag pages).
      for (const a of went) {
        const article = await anyArticle(trx, a.id);
        if (article) await this.events.emit(trx, ArticleChanged(appeared(article)));
      }
      return went;
    });
  }

  private async keepSchedulerRevision(trx: Db, articleId: number, version: number, at: string): Promise<void> {
    await trx
      .insertInto('article_revisions')
      .columns(['article_id', 'version', 'user_id', 'user_name', 'created_at', 'status', ...REVISION_TEXT])
      .expression(
        trx
          .selectFrom('article_revisions')
          .select([
            'article_id',
            sql<number>`${version}`.as('version'),
            sql<null>`NULL`.as('user_id'),
            sql<string>`${NEWSROOM_TEXT.schedulerName}`.as('user_name'),
            sql<string>`${at}`.as('created_at'),
            sql<string>`'published'`.as('status'),
            ...REVISION_TEXT,
          ])
          .where('article_id', '=', articleId)
          .orderBy('id', 'desc')
          .limit(1),
      )
      .execute();
  }
}
