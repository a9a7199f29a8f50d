import type { ArticleStatus } from '@vaggen/contract';
import { BYLINE_INVITATIONS_PAGE, BYLINE_TEXT, type BylineInvitationPage } from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError } from '../../lib/http-errors.js';
import type { NotificationsService } from '../notifications/service.js';
import { publicProfiles } from '../users/public-profile.js';
import { anyArticle } from './editor.js';
import { ArticleChanged } from './events.js';
import { staffIdsOf } from './read-model.js';

/** Who names a byline in a save: an admin names co-authors directly, a writer invites them. */
export interface BylineNamer {
  id: number;
  admin: boolean;
}

/** A place in the byline: who, and where the saver put them. */
interface Place {
  userId: number;
  position: number;
}

/**
 * Issue 40 (finding 8): a co-byline needs the named person's consent. A writer could name another
 * writer or the admin in `author_ids`: the public byline then showed only them, the named writer got
 * 403 on the article and could not remove it. Now a writer's save puts in the byline only the writer
 * and the co-authors already there; every other person named gets an invitation (and a
 * notification), and joins the byline, at the place the writer gave them, when they accept. An
 * admin's save names co-authors directly (an editor's acceptance), and settles every invitation of
 * the article. Until accepted, the invitee is not in the byline, has no access, and the article is
 * not on their author page.
 */
export class BylineInvitations {
  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * The byline of a save, inside its transaction. `requested` are valid staff ids in byline order;
   * without a namer (the seed, imports) they are taken as they are.
   */
  async place(
    trx: Db,
    article: { id: number; title: string },
    requested: number[],
    namer: BylineNamer | undefined,
  ): Promise<void> {
    if (!namer || namer.admin) {
      await this.replaceAuthors(
        trx,
        article.id,
        requested.map((userId, position) => ({ userId, position })),
      );
      await trx.deleteFrom('byline_invitations').where('article_id', '=', article.id).execute();
      return;
    }
    // The writer saving stays in the byline, first when not listed.
    const list = requested.includes(namer.id) ? requested : [namer.id, ...requested];
    const already = new Set(
      (await trx.selectFrom('article_authors').select('user_id').where('article_id', '=', article.id).execute()).map(
        (r) => Number(r.user_id),
      ),
    );
    const places = list.map((userId, position) => ({ userId, position }));
    const confirmed = places.filter((p) => p.userId === namer.id || already.has(p.userId));
    const invited = places.filter((p) => !confirmed.includes(p));
    await this.replaceAuthors(trx, article.id, confirmed);
    const waiting = await trx
      .selectFrom('byline_invitations')
      .select(['id', 'user_id'])
      .where('article_id', '=', article.id)
      .execute();
    const stillInvited = new Set(invited.map((p) => p.userId));
    const withdrawn = waiting.filter((w) => !stillInvited.has(Number(w.user_id))).map((w) => Number(w.id));
    if (withdrawn.length) await trx.deleteFrom('byline_invitations').where('id', 'in', withdrawn).execute();
    const open = new Set(waiting.map((w) => Number(w.user_id)));
    for (const p of invited) {
      if (open.has(p.userId)) {
        await trx
          .updateTable('byline_invitations')
          .set({ position: p.position })
          .where('article_id', '=', article.id)
          .where('user_id', '=', p.userId)
          .execute();
        continue;
      }
      const { id } = await trx
        .insertInto('byline_invitations')
        .values({
          article_id: article.id,
          user_id: p.userId,
          position: p.position,
          invited_by: namer.id,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.notifications.notify(
        [p.userId],
        {
          type: 'other',
          title: BYLINE_TEXT.invitationTitle,
          message: BYLINE_TEXT.invitationMessage(article.title),
          actionUrl: '/admin',
          data: { kind: 'byline_invitation', invitation_id: Number(id), article_id: article.id },
          articleId: article.id,
        },
        trx,
      );
    }
  }

  private async replaceAuthors(trx: Db, articleId: number, places: Place[]): Promise<void> {
    await trx.deleteFrom('article_authors').where('article_id', '=', articleId).execute();
    if (places.length)
      await trx
        .insertInto('article_authors')
        .values(places.map((p) => ({ article_id: articleId, user_id: p.userId, position: p.position })))
        .execute();
  }

  /** The caller's open invitations, oldest first, a page at a time (`after` = the last id seen). */
  async listFor(userId: number, after?: number): Promise<BylineInvitationPage> {
    let q = this.db
      .selectFrom('byline_invitations as b')
      .innerJoin('articles as a', 'a.id', 'b.article_id')
      .leftJoin(publicProfiles(this.db).as('u'), 'u.id', 'b.invited_by')
      .select([
        'b.id',
        'b.created_at',
        'b.invited_by',
        'a.id as article_id',
        'a.title',
        'a.status',
        'u.username',
        'u.full_name',
      ])
      .where('b.user_id', '=', userId);
    if (after !== undefined) q = q.where('b.id', '>', after);
    const rows = await q
      .orderBy('b.id')
      .limit(BYLINE_INVITATIONS_PAGE + 1)
      .execute();
    const page = rows.slice(0, BYLINE_INVITATIONS_PAGE);
    return {
      invitations: page.map((r) => ({
        id: Number(r.id),
        article: { id: Number(r.article_id), title: r.title, status: r.status as ArticleStatus },
        invited_by: {
          id: r.invited_by === null ? null : Number(r.invited_by),
          name: r.full_name || r.username || 'En kollega',
        },
        created_at: r.created_at,
      })),
      next: rows.length > BYLINE_INVITATIONS_PAGE ? Number(page[page.length - 1]?.id) : null,
    };
  }

  /**
   * The invitee answers: yes puts them in the byline at the place they were given, no drops the
   * invitation. Either way the writer who invited them hears of it. Someone else's invitation, or
   * one already answered or withdrawn, is 404.
   */
  async answer(userId: number, invitationId: number, accept: boolean): Promise<string> {
    if (!Number.isSafeInteger(invitationId) || invitationId <= 0 || invitationId > 2_147_483_647) {
      throw httpError(404, BYLINE_TEXT.notFound);
    }
    const found = await this.db
      .selectFrom('byline_invitations as b')
      .innerJoin('articles as a', 'a.id', 'b.article_id')
      .select(['b.article_id', 'b.position', 'b.invited_by', 'a.title'])
      .where('b.id', '=', invitationId)
      .where('b.user_id', '=', userId)
      .executeTakeFirst();
    if (!found) throw httpError(404, BYLINE_TEXT.notFound);
    const articleId = Number(found.article_id);
    await this.events.transaction(async (trx) => {
      const gone = await trx.deleteFrom('byline_invitations').where('id', '=', invitationId).executeTakeFirst();
      // answered at the same moment elsewhere
      if (Number(gone.numDeletedRows) !== 1) throw httpError(404, BYLINE_TEXT.notFound);
      const inByline = await trx
        .selectFrom('article_authors')
        .select('user_id')
        .where('article_id', '=', articleId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (accept && !inByline) {
        await trx
          .insertInto('article_authors')
          .values({ article_id: articleId, user_id: userId, position: Number(found.position) })
          .execute();
        // the byline readers see changed: the article's pages go
        const article = await anyArticle(trx, articleId);
        if (article?.status === 'published') {
          await this.events.emit(
            trx,
            ArticleChanged({
              kind: 'updated',
              id: articleId,
              category: article.category,
              authorId: article.author_id,
              authorIds: staffIdsOf(article.authors),
              tags: article.tags,
            }),
          );
        }
      }
      if (found.invited_by !== null && Number(found.invited_by) !== userId) {
        await this.notifications.notify(
          [Number(found.invited_by)],
          {
            type: 'other',
            title: BYLINE_TEXT.answeredTitle(accept),
            message: BYLINE_TEXT.answeredMessage(found.title, accept),
            actionUrl: `/admin/articles/edit/${articleId}`,
            data: { kind: 'byline_answer', article_id: articleId, answer: accept ? 'accepted' : 'declined' },
            articleId,
          },
          trx,
        );
      }
    });
    return accept ? BYLINE_TEXT.accepted(found.title) : BYLINE_TEXT.declined(found.title);
  }
}
