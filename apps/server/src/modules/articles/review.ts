import {
  type Article,
  type ArticleSummary,
  formatShortDateTime,
  MSG,
  REVIEW_QUEUE_PAGE,
  REVIEW_TEXT,
  type ReviewDecisionInput,
  type ReviewQueuePage,
} from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError } from '../../lib/http-errors.js';
import type { ArticleEditor } from './editor.js';
import { ArticleReviewed } from './events.js';
import { decorate, summaryRows } from './read-model.js';
import type { Saver } from './revisions.js';

const BAD_CURSOR = 'Ogiltig sidmarkör';

/** A queue cursor: the last item's time and id ("<iso>~<id>"). */
function parseCursor(after: string | undefined): { at: string; id: number } | null {
  if (after === undefined) return null;
  const m = /^(.{1,64})~(\d{1,10})$/.exec(after);
  if (!m) throw httpError(400, BAD_CURSOR);
  return { at: m[1] as string, id: Number(m[2]) };
}

/**
 * Issue 41: review before publishing. A writer sends an article for review with a save whose status
 * is `review` (the editor's rule, `refuseGoingLive`, stops their publish while the paper requires
 * review); admins read the queue, oldest first, and publish, schedule or return each article. A
 * decision is one save (a revision noting who approved or returned it) and, in the same transaction,
 * `ArticleReviewed` (the writer is told).
 */
export class ArticleReview {
  constructor(
    private readonly db: Db,
    private readonly editor: ArticleEditor,
    private readonly events: DomainEvents,
  ) {}

  /** Articles waiting for review, oldest first (by their date), a page at a time. */
  async queue(after?: string): Promise<ReviewQueuePage> {
    const cursor = parseCursor(after);
    let q = summaryRows(this.db).where('a.status', '=', 'review');
    if (cursor)
      q = q.where((eb) =>
        eb.or([
          eb('a.published_at', '>', cursor.at),
          eb.and([eb('a.published_at', '=', cursor.at), eb('a.id', '>', cursor.id)]),
        ]),
      );
    const rows = await q
      .orderBy('a.published_at', 'asc')
      .orderBy('a.id', 'asc')
      .limit(REVIEW_QUEUE_PAGE + 1)
      .execute();
    const more = rows.length > REVIEW_QUEUE_PAGE;
    const items: ArticleSummary[] = await decorate(this.db, rows.slice(0, REVIEW_QUEUE_PAGE));
    const last = items.at(-1);
    return { items, next: more && last ? `${last.date}~${last.id}` : null };
  }

  /** An admin's decision on an article waiting for review. */
  async decide(id: number, reviewer: Saver, input: ReviewDecisionInput): Promise<Article> {
    const current = await this.editor.getAnyById(id);
    if (!current) throw httpError(404, MSG.articleNotFound);
    if (current.status !== 'review') throw httpError(409, REVIEW_TEXT.notInReview);
    const comment = input.comment?.trim() || null;
    if (input.decision === 'return' && !comment) throw httpError(400, REVIEW_TEXT.returnNeedsComment);
    if (input.decision === 'schedule' && !input.publish_at)
      throw httpError(400, 'Ange datum och tid för publiceringen');
    const status = input.decision === 'publish' ? 'published' : input.decision === 'schedule' ? 'scheduled' : 'draft';
    let note: string;
    if (input.decision === 'publish') note = REVIEW_TEXT.notePublished(reviewer.name);
    else if (input.decision === 'schedule')
      note = REVIEW_TEXT.noteScheduled(reviewer.name, formatShortDateTime(input.publish_at as string));
    else note = REVIEW_TEXT.noteReturned(reviewer.name, comment as string);
    return this.editor.update(
      id,
      {
        title: current.title,
        content: current.content,
        category: current.category,
        featuredImage: current.featured_image,
        status,
        publishAt: input.decision === 'schedule' ? input.publish_at : null,
      },
      {
        saver: reviewer,
        current,
        note,
        alsoInTransaction: async (trx) => {
          const after = await trx
            .selectFrom('articles')
            .select(['slug', 'publish_at'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          await this.events.emit(
            trx,
            ArticleReviewed({
              id,
              slug: after.slug,
              title: current.title,
              authorId: current.author_id,
              decision: input.decision,
              comment,
              publishAt: after.publish_at,
            }),
          );
        },
      },
    );
  }
}
