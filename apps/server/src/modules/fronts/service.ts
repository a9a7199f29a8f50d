import {
  DELETED_USER_NAME,
  FRONT_KEYS,
  FRONT_SCHEDULES_MAX,
  FRONT_TEXT,
  FRONT_VERSIONS_PAGE,
  type Front,
  type FrontBoard,
  type FrontOverview,
  type FrontSchedule,
  type FrontSlotInput,
  type FrontVersion,
  frontLabel,
  parseFront,
} from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError } from '../../lib/http-errors.js';
import type { ArticlesService } from '../articles/service.js';
import { publicProfiles } from '../users/public-profile.js';
import { FrontChanged } from './events.js';

/** A stored slot (the JSON of `fronts.slots`). */
type StoredSlot = Required<Pick<FrontSlotInput, 'articleId' | 'size'>> & {
  headline: string | null;
  teaser: string | null;
  image: string | null;
};

const toStored = (slots: FrontSlotInput[]): StoredSlot[] =>
  slots.map((s) => ({
    articleId: s.articleId,
    size: s.size,
    headline: s.headline ?? null,
    teaser: s.teaser ?? null,
    image: s.image ?? null,
  }));

function parseSlots(json: string): StoredSlot[] {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? (v as StoredSlot[]) : [];
  } catch {
    return [];
  }
}

/** Who saved: their name as shown now (a deleted account: "Raderad användare"). */
const nameOf = (u: { full_name: string | null; username: string | null }) =>
  u.full_name?.trim() || u.username || DELETED_USER_NAME;

/** The front's key, or 404. */
export function frontKey(value: string): string {
  const key = parseFront(value);
  if (!key) throw httpError(404, FRONT_TEXT.notFound);
  return key;
}

/**
 * Front pages (issue 41): the home front and one per category, each an ordered list of pinned
 * slots (the first is the lead) with a version. A save names the version it started from: a stale
 * one is a 409, never a silent overwrite. Every version is kept (undo restores one as a new save);
 * scheduled changes are applied by the `fronts-scheduled` job, each exactly once (its row is
 * claimed by deleting it in the applying transaction). Readers get only the slots whose article they
 * may see, so an unpublished or deleted article leaves no gap.
 */
export class FrontsService {
  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
    private readonly articles: ArticlesService,
  ) {}

  private async row(db: Db, key: string) {
    return db.selectFrom('fronts').selectAll().where('front', '=', key).executeTakeFirst();
  }

  /** The front as readers see it: visible pinned articles, in order. */
  async forReaders(key: string): Promise<Front> {
    const row = await this.row(this.db, key);
    const slots = row ? parseSlots(row.slots) : [];
    const articles = await this.articles.summariesByIds(
      slots.map((s) => s.articleId),
      true,
    );
    const byId = new Map(articles.map((a) => [a.id, a]));
    return {
      front: key,
      version: row ? Number(row.version) : 0,
      slots: slots.flatMap((s) => {
        const article = byId.get(s.articleId);
        return article ? [{ size: s.size, headline: s.headline, teaser: s.teaser, image: s.image, article }] : [];
      }),
    };
  }

  /** Every front with its version, pinned count and waiting changes (the newsroom's list). */
  async overview(): Promise<FrontOverview[]> {
    const rows = await this.db.selectFrom('fronts').selectAll().execute();
    const waiting = await this.db
      .selectFrom('front_schedules')
      .select(['front', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('front')
      .execute();
    const byKey = new Map(rows.map((r) => [r.front, r]));
    const counts = new Map(waiting.map((w) => [w.front, Number(w.n)]));
    return FRONT_KEYS.map((front) => {
      const r = byKey.get(front);
      return {
        front,
        label: frontLabel(front),
        version: r ? Number(r.version) : 0,
        pinned: r ? parseSlots(r.slots).length : 0,
        updated_at: r?.updated_at ?? null,
        scheduled: counts.get(front) ?? 0,
      };
    });
  }

  /** The board: every stored slot, hidden articles marked; the waiting scheduled changes. */
  async board(key: string): Promise<FrontBoard> {
    const row = await this.row(this.db, key);
    const slots = row ? parseSlots(row.slots) : [];
    const ids = slots.map((s) => s.articleId);
    const [all, visible] = await Promise.all([
      this.articles.summariesByIds(ids, false),
      this.articles.summariesByIds(ids, true),
    ]);
    const byId = new Map(all.map((a) => [a.id, a]));
    const seen = new Set(visible.map((a) => a.id));
    const schedules = await this.db
      .selectFrom('front_schedules as s')
      .leftJoin(publicProfiles(this.db).as('u'), 'u.id', 's.created_by')
      .select(['s.id', 's.apply_at', 's.slots', 'u.full_name', 'u.username'])
      .where('s.front', '=', key)
      .orderBy('s.apply_at')
      .orderBy('s.id')
      .limit(FRONT_SCHEDULES_MAX)
      .execute();
    return {
      front: key,
      label: frontLabel(key),
      version: row ? Number(row.version) : 0,
      slots: slots.flatMap((s) => {
        const article = byId.get(s.articleId);
        return article ? [{ ...s, article, visible: seen.has(s.articleId) }] : [];
      }),
      schedules: schedules.map(
        (r): FrontSchedule => ({
          id: Number(r.id),
          apply_at: r.apply_at,
          created_by: nameOf(r),
          slots: parseSlots(r.slots),
        }),
      ),
    };
  }

  /** Every pinned article must exist (any status: a scheduled one may be pinned ahead). */
  private async checkArticles(slots: FrontSlotInput[]): Promise<void> {
    if (slots.length === 0) return;
    const found = await this.articles.summariesByIds(
      slots.map((s) => s.articleId),
      false,
    );
    if (found.length !== slots.length) throw httpError(400, FRONT_TEXT.unknownArticle);
  }

  /** Saves the front's slots on top of `expectedVersion` (0: never saved), or 409. */
  async save(key: string, expectedVersion: number, slots: FrontSlotInput[], by: number | null): Promise<Front> {
    await this.checkArticles(slots);
    await this.events.transaction((trx) => this.write(trx, key, expectedVersion, toStored(slots), by));
    return this.forReaders(key);
  }

  private async write(
    trx: Db,
    key: string,
    expectedVersion: number,
    slots: StoredSlot[],
    by: number | null,
  ): Promise<number> {
    const now = nowIso();
    const json = JSON.stringify(slots);
    const version = expectedVersion + 1;
    if (expectedVersion === 0) {
      // a first save: someone else's first save in between makes this one stale
      const res = await trx
        .insertInto('fronts')
        .values({ front: key, version, slots: json, updated_at: now, updated_by: by })
        .onConflict((oc) => oc.column('front').doNothing())
        .returning('front')
        .executeTakeFirst();
      if (!res) throw httpError(409, FRONT_TEXT.stale);
    } else {
      const res = await trx
        .updateTable('fronts')
        .set({ version, slots: json, updated_at: now, updated_by: by })
        .where('front', '=', key)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw httpError(409, FRONT_TEXT.stale);
    }
    await trx
      .insertInto('front_versions')
      .values({ front: key, version, slots: json, created_at: now, created_by: by })
      .execute();
    await this.events.emit(trx, FrontChanged({ front: key, version }));
    return version;
  }

  /** Earlier versions, newest first, a page at a time (`before` = the last version seen). */
  async versions(key: string, before?: number): Promise<FrontVersion[]> {
    let q = this.db
      .selectFrom('front_versions as v')
      .leftJoin(publicProfiles(this.db).as('u'), 'u.id', 'v.created_by')
      .select(['v.version', 'v.created_at', 'v.slots', 'u.full_name', 'u.username'])
      .where('v.front', '=', key);
    if (before !== undefined) q = q.where('v.version', '<', before);
    const rows = await q.orderBy('v.version', 'desc').limit(FRONT_VERSIONS_PAGE).execute();
    return rows.map((r) => ({
      version: Number(r.version),
      created_at: r.created_at,
      created_by: nameOf(r),
      slots: parseSlots(r.slots),
    }));
  }

  /** Undo: an earlier version's slots saved again as a new version (409 when `expectedVersion` is stale). */
  async restore(key: string, version: number, expectedVersion: number, by: number | null): Promise<Front> {
    const old = await this.db
      .selectFrom('front_versions')
      .select('slots')
      .where('front', '=', key)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!old) throw httpError(404, FRONT_TEXT.versionNotFound);
    await this.events.transaction((trx) => this.write(trx, key, expectedVersion, parseSlots(old.slots), by));
    return this.forReaders(key);
  }

  /** A change that waits for its time ("at 06:00 the lead becomes …"). */
  async schedule(
    key: string,
    slots: FrontSlotInput[],
    applyAt: string,
    by: number | null,
    now = new Date(),
  ): Promise<FrontSchedule> {
    if (applyAt <= now.toISOString()) throw httpError(400, FRONT_TEXT.scheduleInPast);
    await this.checkArticles(slots);
    const waiting = await this.db
      .selectFrom('front_schedules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('front', '=', key)
      .executeTakeFirstOrThrow();
    if (Number(waiting.n) >= FRONT_SCHEDULES_MAX) throw httpError(400, FRONT_TEXT.tooManySchedules);
    const stored = toStored(slots);
    const { id } = await this.db
      .insertInto('front_schedules')
      .values({ front: key, slots: JSON.stringify(stored), apply_at: applyAt, created_at: nowIso(), created_by: by })
      .returning('id')
      .executeTakeFirstOrThrow();
    const made = (await this.board(key)).schedules.find((x) => x.id === Number(id));
    return made ?? { id: Number(id), apply_at: applyAt, created_by: DELETED_USER_NAME, slots: stored };
  }

  async cancelSchedule(key: string, id: number): Promise<void> {
    const res = await this.db
      .deleteFrom('front_schedules')
      .where('id', '=', id)
      .where('front', '=', key)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw httpError(404, FRONT_TEXT.scheduleNotFound);
  }

  /**
   * The `fronts-scheduled` job: applies every change whose time has come, oldest first, each in one
   * transaction that claims it by deleting its row (a second process, or a second run, finds it
   * gone): exactly once. A scheduled change replaces the front whatever its version then.
   */
  async applyDue(now: Date, limit = 50): Promise<{ id: number; front: string }[]> {
    const due = await this.db
      .selectFrom('front_schedules')
      .select(['id', 'front'])
      .where('apply_at', '<=', now.toISOString())
      .orderBy('apply_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    const applied: { id: number; front: string }[] = [];
    for (const d of due) {
      const done = await this.events.transaction(async (trx) => {
        const claimed = await trx
          .deleteFrom('front_schedules')
          .where('id', '=', d.id)
          .returning(['slots', 'created_by'])
          .executeTakeFirst();
        if (!claimed) return false;
        const current = await this.row(trx, d.front);
        await this.write(
          trx,
          d.front,
          current ? Number(current.version) : 0,
          parseSlots(claimed.slots),
          claimed.created_by,
        );
        return true;
      });
      if (done) applied.push({ id: Number(d.id), front: d.front });
    }
    return applied;
  }

  /** A deleted article leaves every front it was pinned on (in the delete's transaction). */
  async forgetArticle(articleId: number, trx: Db): Promise<void> {
    const rows = await trx.selectFrom('fronts').selectAll().execute(); // one row per front: at most 11
    for (const r of rows) {
      const slots = parseSlots(r.slots);
      const kept = slots.filter((s) => s.articleId !== articleId);
      if (kept.length !== slots.length) await this.write(trx, r.front, Number(r.version), kept, r.updated_by);
    }
  }
}
