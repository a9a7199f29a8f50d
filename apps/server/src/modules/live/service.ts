import {
  type Article,
  canWrite,
  displayName,
  type ExportLiveEntry,
  LIVE_CATCH_UP_MAX,
  LIVE_MSG,
  LIVE_PINNED_MAX,
  type LiveEntry,
  type LiveEntryInput,
  type LiveEntryPage,
  type LiveEntryUpdate,
  type LiveStreamEvent,
  mayEditArticle,
  type User,
} from '@vaggen/contract';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { LiveEntriesTable } from '../../db/schema.js';
import { rowsById } from '../../lib/batches.js';
import type { ClusterBus } from '../../lib/cluster-bus.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError } from '../../lib/http-errors.js';
import { idPage } from '../../lib/id-page.js';
import { type ArticlesService, cleanArticleHtml } from '../articles/service.js';
import { type LiveEntryChange, LiveEntryEdited, LiveEntryPosted, LiveEntryRemoved } from './events.js';
import { LiveHub } from './stream.js';

type Row = Selectable<LiveEntriesTable>;

/** One event of a report's stream: its id (`seq`), its name and the entry as JSON. */
export interface StreamEvent {
  seq: number;
  event: LiveStreamEvent;
  data: unknown;
}

const toEntry = (r: Row): LiveEntry => ({
  id: Number(r.id),
  content: r.content,
  author_display_name: r.author_name,
  created_at: r.created_at,
  edited_at: r.edited_at,
  pinned: Number(r.pinned) === 1,
  draft: Number(r.draft) === 1,
});

/**
 * A new entry row: posted at stream position `seq`, or a draft (`seq` null: no position, which no
 * stream reads — decision 055).
 */
function insertEntry(
  db: Db,
  articleId: number,
  content: string,
  by: { id: number | null; name: string },
  pinned: boolean,
  at: string,
  seq: number | null,
): Promise<Row> {
  return db
    .insertInto('live_entries')
    .values({
      article_id: articleId,
      content,
      author_id: by.id,
      author_name: by.name,
      created_at: at,
      edited_at: null,
      pinned: pinned ? 1 : 0,
      removed: 0,
      created_seq: seq ?? 0,
      seq: seq ?? 0,
      draft: seq === null ? 1 : 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Issue 44: the article's writers (its owner and the staff in its byline) and admins post entries. */
export const mayPostLive = (u: User, a: Article): boolean =>
  mayEditArticle(u, a) || (canWrite(u) && a.authors.some((p) => p.id === u.id));

/**
 * Issue 44: live reports' entries. Each change (post, edit, pin, remove) raises the report's
 * stream position in `live_streams` (the row's lock puts concurrent posts to one report in order,
 * on both databases) and stores it on the entry: the stream resumes from the database by it.
 */
export class LiveService {
  /** The streams open in this process (`stream.ts`). */
  readonly hub: LiveHub;

  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
    private readonly articles: ArticlesService,
    stream: { bus: ClusterBus; heartbeatMs: number; catchUpMs: number; onError: (err: unknown) => void },
  ) {
    this.hub = new LiveHub({ ...stream, since: (id, after) => this.since(id, after) });
  }

  /** A committed change reaches the streams (after commit: `src/events.ts`). */
  changed(c: LiveEntryChange, event: 'entry' | 'edit' | 'remove'): void {
    this.hub.publish({
      articleId: c.articleId,
      seq: c.seq,
      event,
      data: event === 'remove' ? { id: c.entry.id } : c.entry,
    });
  }

  /** A live report readers see, else 404. */
  async readerReport(articleId: number): Promise<Article> {
    const a = await this.articles.getById(articleId);
    if (!a) throw httpError(404, LIVE_MSG.articleNotFound);
    if (a.kind !== 'live') throw httpError(404, LIVE_MSG.notLive);
    return a;
  }

  /** Readers' page: newest first, by id; the first page also carries the pinned entries. */
  async page(articleId: number, cursor: number | null, limit: number): Promise<LiveEntryPage> {
    let q = this.db
      .selectFrom('live_entries')
      .selectAll()
      .where('article_id', '=', articleId)
      .where('draft', '=', 0)
      .where('removed', '=', 0)
      .orderBy('id', 'desc')
      .limit(limit + 1);
    if (cursor !== null) q = q.where('id', '<', cursor);
    const [rows, position, pinned] = await Promise.all([
      q.execute(),
      this.position(articleId),
      cursor === null ? this.pinned(articleId) : Promise.resolve(undefined),
    ]);
    const { page, next_cursor } = idPage(rows, limit);
    return {
      entries: page.map(toEntry),
      next_cursor,
      ...(pinned ? { pinned } : {}),
      last_event_id: position,
    };
  }

  async pinned(articleId: number): Promise<LiveEntry[]> {
    const rows = await this.db
      .selectFrom('live_entries')
      .selectAll()
      .where('article_id', '=', articleId)
      .where('pinned', '=', 1)
      .where('draft', '=', 0)
      .where('removed', '=', 0)
      .orderBy('id', 'desc')
      .limit(LIVE_PINNED_MAX)
      .execute();
    return rows.map(toEntry);
  }

  /** The report's stream position (0 before its first entry). */
  async position(articleId: number): Promise<number> {
    const row = await this.db
      .selectFrom('live_streams')
      .select('seq')
      .where('article_id', '=', articleId)
      .executeTakeFirst();
    return row ? Number(row.seq) : 0;
  }

  /**
   * What changed after stream event `after`, oldest first, one event per entry in its current state:
   * `entry` when it was posted since (even if edited too), `remove` when removed, else `edit`.
   */
  async since(articleId: number, after: number, limit = LIVE_CATCH_UP_MAX): Promise<StreamEvent[]> {
    const rows = await this.db
      .selectFrom('live_entries')
      .selectAll()
      .where('article_id', '=', articleId)
      .where('seq', '>', after)
      .where('draft', '=', 0) // drafts have no position (0) anyway
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.flatMap((r): StreamEvent[] => {
      const seq = Number(r.seq);
      if (Number(r.removed) === 1)
        return Number(r.created_seq) > after ? [] : [{ seq, event: 'remove', data: { id: Number(r.id) } }];
      return [{ seq, event: Number(r.created_seq) > after ? 'entry' : 'edit', data: toEntry(r) }];
    });
  }

  /**
   * Issue 44 (decision 027): a person's entries, for their download. Like an article's byline, a
   * posted entry keeps its author's name when the account is deleted (published journalism).
   */
  async *exportForUser(userId: number): AsyncGenerator<ExportLiveEntry> {
    const rows = rowsById(
      this.db
        .selectFrom('live_entries')
        .select(['id', 'article_id', 'content', 'created_at', 'edited_at', 'removed', 'draft'])
        .where('author_id', '=', userId),
    );
    for await (const r of rows)
      yield {
        ...r,
        id: Number(r.id),
        article_id: Number(r.article_id),
        removed: Number(r.removed) === 1,
        draft: Number(r.draft) === 1,
      };
  }

  /** Issue 44: each report's newest entry readers see (feeds show it), for at most a feed's reports. */
  async newestFor(articleIds: number[]): Promise<Map<number, LiveEntry>> {
    const out = new Map<number, LiveEntry>();
    if (articleIds.length === 0) return out;
    const newest = await this.db
      .selectFrom('live_entries')
      .select((eb) => ['article_id', eb.fn.max('id').as('id')])
      .where('article_id', 'in', articleIds.slice(0, 100))
      .where('draft', '=', 0)
      .where('removed', '=', 0)
      .groupBy('article_id')
      .execute();
    const ids = newest.map((r) => Number(r.id));
    if (ids.length === 0) return out;
    const rows = await this.db.selectFrom('live_entries').selectAll().where('id', 'in', ids).execute();
    for (const r of rows) out.set(Number(r.article_id), toEntry(r));
    return out;
  }

  /** An entry of the report that readers see (not removed). */
  async hasEntry(articleId: number, entryId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('live_entries')
      .select('id')
      .where('id', '=', entryId)
      .where('article_id', '=', articleId)
      .where('draft', '=', 0)
      .where('removed', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The report's drafts, newest first, for its writers and admins (decision 055): 404 when there is
   * no such live report, 403 for anyone else. Never cached: the route answers `private, no-store`.
   */
  async drafts(articleId: number, actor: User, cursor: number | null, limit: number): Promise<LiveEntryPage> {
    const a = await this.articles.getAnyById(articleId);
    if (!a) throw httpError(404, LIVE_MSG.articleNotFound);
    if (!mayPostLive(actor, a)) throw httpError(403, LIVE_MSG.notOwn);
    if (a.kind !== 'live') throw httpError(404, LIVE_MSG.notLive);
    const rows = await this.db
      .selectFrom('live_entries')
      .selectAll()
      .where('article_id', '=', articleId)
      .where('draft', '=', 1)
      .where('removed', '=', 0)
      .$if(cursor !== null, (q) => q.where('id', '<', cursor as number))
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const { page, next_cursor } = idPage(rows, limit);
    return { entries: page.map(toEntry), next_cursor, last_event_id: await this.position(articleId) };
  }

  /** A report the actor may write in (an open live report), else 404 / 403 / 409. */
  private async writable(articleId: number, actor: User): Promise<Article> {
    const a = await this.articles.getAnyById(articleId);
    if (!a) throw httpError(404, LIVE_MSG.articleNotFound);
    if (!mayPostLive(actor, a)) throw httpError(403, LIVE_MSG.notOwn);
    if (a.kind !== 'live') throw httpError(409, LIVE_MSG.notLive);
    if (a.live_ended_at) throw httpError(409, LIVE_MSG.ended);
    return a;
  }

  private async nextSeq(trx: Db, articleId: number): Promise<number> {
    const row = await trx
      .insertInto('live_streams')
      .values({ article_id: articleId, seq: 1 })
      .onConflict((oc) => oc.column('article_id').doUpdateSet({ seq: sql<number>`live_streams.seq + 1` }))
      .returning('seq')
      .executeTakeFirstOrThrow();
    return Number(row.seq);
  }

  async post(articleId: number, input: LiveEntryInput, actor: User): Promise<LiveEntry> {
    await this.writable(articleId, actor);
    const content = cleanContent(input.content);
    const now = nowIso();
    if (input.draft) {
      // A draft: no stream position and no event, so no stream, page, feed or cache learns of it.
      const by = { id: actor.id, name: displayName(actor) };
      return toEntry(await insertEntry(this.db, articleId, content, by, !!input.pinned, now, null));
    }
    return this.events.transaction(async (trx) => {
      const seq = await this.nextSeq(trx, articleId);
      const by = { id: actor.id, name: displayName(actor) };
      const row = await insertEntry(trx, articleId, content, by, !!input.pinned, now, seq);
      const entry = toEntry(row);
      await this.events.emit(trx, LiveEntryPosted({ articleId, seq, entry }));
      return entry;
    });
  }

  private async entryFor(id: number, actor: User): Promise<Row> {
    const row = await this.db
      .selectFrom('live_entries')
      .selectAll()
      .where('id', '=', id)
      .where('removed', '=', 0)
      .executeTakeFirst();
    if (!row) throw httpError(404, LIVE_MSG.entryNotFound);
    const a = await this.articles.getAnyById(Number(row.article_id));
    if (!a) throw httpError(404, LIVE_MSG.entryNotFound);
    if (!mayPostLive(actor, a)) throw httpError(403, LIVE_MSG.notOwn);
    return row;
  }

  /** New text (shown as edited, with the time), a pin, or both. */
  async update(id: number, input: LiveEntryUpdate, actor: User): Promise<LiveEntry> {
    const row = await this.entryFor(id, actor);
    const isDraft = Number(row.draft) === 1;
    if (input.draft === true && !isDraft) throw httpError(409, LIVE_MSG.notADraft);
    if (isDraft) return input.draft === false ? this.publish(row, input, actor) : this.editDraft(row, input);
    const articleId = Number(row.article_id);
    const content = input.content === undefined ? row.content : cleanContent(input.content);
    const edited = content !== row.content;
    return this.events.transaction(async (trx) => {
      const seq = await this.nextSeq(trx, articleId);
      const updated = await trx
        .updateTable('live_entries')
        .set({
          content,
          ...(edited ? { edited_at: nowIso() } : {}),
          ...(input.pinned === undefined ? {} : { pinned: input.pinned ? 1 : 0 }),
          seq,
        })
        .where('id', '=', id)
        .where('draft', '=', 0)
        .where('removed', '=', 0)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw httpError(404, LIVE_MSG.entryNotFound);
      const entry = toEntry(updated);
      await this.events.emit(trx, LiveEntryEdited({ articleId, seq, entry }));
      return entry;
    });
  }

  /** A draft's new text or pin: nobody but the desk sees it, so no position, no event, no edit time. */
  private async editDraft(row: Row, input: LiveEntryUpdate): Promise<LiveEntry> {
    const updated = await this.db
      .updateTable('live_entries')
      .set({
        ...(input.content === undefined ? {} : { content: cleanContent(input.content) }),
        ...(input.pinned === undefined ? {} : { pinned: input.pinned ? 1 : 0 }),
      })
      .where('id', '=', Number(row.id))
      .where('draft', '=', 1)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw httpError(404, LIVE_MSG.entryNotFound); // published or removed meanwhile
    return toEntry(updated);
  }

  /**
   * Publishes a draft (decision 055): readers' pages are ordered by id, so the entry is posted anew —
   * a new id, the time of publishing, the report's next stream position and the `entry` event —
   * and the draft's row goes, in one transaction (a second publish of the same draft finds no row:
   * 404). It keeps the draft's author. Only in an open report, like a post.
   */
  private async publish(row: Row, input: LiveEntryUpdate, actor: User): Promise<LiveEntry> {
    const articleId = Number(row.article_id);
    await this.writable(articleId, actor);
    const content = input.content === undefined ? row.content : cleanContent(input.content);
    const pinned = input.pinned === undefined ? Number(row.pinned) === 1 : input.pinned;
    return this.events.transaction(async (trx) => {
      const gone = await trx
        .deleteFrom('live_entries')
        .where('id', '=', Number(row.id))
        .where('draft', '=', 1)
        .returning('id')
        .executeTakeFirst();
      if (!gone) throw httpError(404, LIVE_MSG.entryNotFound);
      const seq = await this.nextSeq(trx, articleId);
      const by = { id: row.author_id, name: row.author_name };
      const posted = await insertEntry(trx, articleId, content, by, pinned, nowIso(), seq);
      const entry = toEntry(posted);
      await this.events.emit(trx, LiveEntryPosted({ articleId, seq, entry }));
      return entry;
    });
  }

  /** Removes an entry for all readers, or deletes a draft (which no reader saw: no event). */
  async remove(id: number, actor: User): Promise<'entry' | 'draft'> {
    const row = await this.entryFor(id, actor);
    const articleId = Number(row.article_id);
    if (Number(row.draft) === 1) {
      const res = await this.db
        .deleteFrom('live_entries')
        .where('id', '=', id)
        .where('draft', '=', 1)
        .returning('id')
        .executeTakeFirst();
      if (!res) throw httpError(404, LIVE_MSG.entryNotFound);
      return 'draft';
    }
    await this.events.transaction(async (trx) => {
      const seq = await this.nextSeq(trx, articleId);
      const res = await trx
        .updateTable('live_entries')
        .set({ removed: 1, pinned: 0, seq })
        .where('id', '=', id)
        .where('draft', '=', 0)
        .where('removed', '=', 0)
        .returningAll()
        .executeTakeFirst();
      if (!res) throw httpError(404, LIVE_MSG.entryNotFound);
      await this.events.emit(trx, LiveEntryRemoved({ articleId, seq, entry: toEntry(res) }));
    });
    return 'entry';
  }

  /** Ends the report ("Direktrapporteringen är avslutad"); it stays readable. */
  async end(articleId: number, actor: User): Promise<Article> {
    const a = await this.articles.getAnyById(articleId);
    if (!a) throw httpError(404, LIVE_MSG.articleNotFound);
    if (!mayPostLive(actor, a)) throw httpError(403, LIVE_MSG.notOwn);
    if (a.kind !== 'live') throw httpError(409, LIVE_MSG.notLive);
    if (a.live_ended_at) return a;
    const ended = await this.articles.setLiveEnded(articleId, nowIso());
    this.hub.ended(articleId, ended.live_ended_at as string);
    return ended;
  }
}

function cleanContent(html: string): string {
  const clean = cleanArticleHtml(html).trim();
  if (!clean.replace(/<[^>]*>/g, '').trim() && !/<img\s/i.test(clean)) throw httpError(400, LIVE_MSG.contentRequired);
  return clean;
}
