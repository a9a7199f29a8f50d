import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { CompiledQuery, sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../db/index.js';
import type { Dialect } from '../../db/migrations/util.js';
import { type Change, PAGE_TAGS_FORMAT } from './tags.js';

/** A page as the store keeps it: brotli body, headers, ETag, what it shows and when its render began. */
export interface StoredPage {
  status: number;
  headers: Record<string, string>;
  etag: string;
  br: Buffer;
  tags: string[];
  renderedAt: number;
  /**
   * `stale`: something it shows around its content changed (sidebar, "Mer från …"), it aged, or it
   * is a page of an earlier build (decision 051).
   */
  state: 'fresh' | 'stale';
  /** The build that rendered it. */
  build: string;
  /** Rendered by one of the builds started before this one (served while this build re-renders it). */
  previousBuild: boolean;
}

/** A row as the read gives it: the stored page and the last eviction and staling among its tags. */
type ReadRow = NonNullable<Awaited<ReturnType<ReturnType<PageStore['readQuery']>['executeTakeFirst']>>>;

export interface PageStoreOptions {
  /** Names the code that renders the pages; a page of another build is never served. */
  build: string;
  /** A page older than this is served once more while it re-renders (the memory cache's rule too). */
  maxAgeMs: number;
  now?: () => number;
  /**
   * Tags of answers the store never holds (e.g. comment threads, kept in memory only): their
   * changes are not recorded (a new comment must not write to the store). Default: every tag.
   */
  recordsTag?: (tag: string) => boolean;
  /**
   * PostgreSQL: the pool the reads go through as a named prepared statement. Planning the read
   * (a join of each tag through the row's JSON list) cost more than running it: ~0.28 ms of
   * PostgreSQL's CPU per read unprepared, ~0.10 prepared; a thousand reads a second under Zipf traffic.
   */
  pool?: pg.Pool;
  /**
   * Issue 46 (decision 051): how many builds' pages are kept — this one and the builds started just
   * before it (PAGE_KEEP_BUILDS, default 3). Pages of those earlier builds are served as stale while
   * this build has not rendered its own; older builds' pages are purged.
   */
  keepBuilds?: number;
  /** The page tags' format of this build (default PAGE_TAGS_FORMAT; tests name others). */
  tagsFormat?: number;
}

/** Builds kept in the register, whatever PAGE_KEEP_BUILDS says (older ones are forgotten). */
const REGISTER_KEEPS = 20;

/** The longest key kept (a URL with a long query stays in memory only). */
export const PAGE_STORE_MAX_KEY = 600;
/**
 * A render that began this long after a change of a tag it carries still counts as older than it:
 * the clocks of two server machines may differ by a little (NTP keeps them within milliseconds).
 */
export const PAGE_STORE_CLOCK_MARGIN_MS = 200;
/** Whether a change at `changedAt` came after the render that began at `renderedAt` (with the margin). */
const changedAfter = (changedAt: number | null | undefined, renderedAt: number) =>
  Number(changedAt ?? 0) >= renderedAt - PAGE_STORE_CLOCK_MARGIN_MS;

/** Stands for the key in the read statement compiled once. */
const KEY_SLOT = '\u0000page-store-key';

/** Every page carries it: an "everything changed" is recorded as its eviction. */
const EVERY_PAGE = '*';

/**
 * Issue 13 (decision 040): anonymous pages rendered ahead, in the database that every process
 * shares, so that one process's render serves all and a restart keeps them. A change records when
 * its tags changed (one row per tag); a stored page is served while none of its tags was evicted
 * after its render began, and as stale (served once, re-rendered) when one was staled or it aged.
 * The check is on read, so a change costs one upsert per tag whatever the number of pages it
 * touches (a publish stales the sidebar on every page).
 */
export class PageStore {
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    readonly opts: PageStoreOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  get build(): string {
    return this.opts.build;
  }

  /**
   * The stored page for `key` if it is of this build and none of what it shows was evicted since.
   * One statement: the row and the last eviction and staling among its tags (read from the row's
   * own tag list with the database's JSON functions, each tag found by the primary key).
   */
  async read(key: string): Promise<StoredPage | undefined> {
    const row = await this.readRow(key);
    if (!row) return undefined;
    const renderedAt = Number(row.rendered_at);
    // The newest build's page decides: an earlier build's page is never served when this build's
    // exists (even an evicted one: the reader then waits for a render).
    if (changedAfter(row.evicted, renderedAt)) return undefined;
    const previousBuild = row.build !== this.opts.build;
    const aged = this.now() - renderedAt > this.opts.maxAgeMs;
    return {
      build: row.build,
      previousBuild,
      status: row.status,
      headers: JSON.parse(row.headers) as Record<string, string>,
      etag: row.etag,
      br: Buffer.from(row.body_br),
      tags: JSON.parse(row.tags) as string[],
      renderedAt,
      state: previousBuild || aged || changedAfter(row.staled, renderedAt) ? 'stale' : 'fresh',
    };
  }

  /** Builds started before this one whose pages are served while this one re-renders them, newest first. */
  private previous: string[] = [];
  /** When this build was first started (after `register`). */
  private registeredAt: number | undefined;

  /** When this build was first started, once registered (the order of builds; its assets are marked so). */
  get registeredSince(): number | undefined {
    return this.registeredAt;
  }

  /** The earlier builds whose pages this one serves (as stale) until it has rendered its own. */
  get previousBuilds(): readonly string[] {
    return this.previous;
  }

  /**
   * Issue 46 (decision 051): records this build in the register of builds (the first process of a
   * build to start sets its place in the order) and learns which earlier builds' pages it may serve:
   * the `keepBuilds - 1` started just before it whose pages carry tags of its own format. Without
   * it (tests of the rules), only this build's pages are served.
   */
  async register(at: number = this.now()): Promise<void> {
    const format = this.opts.tagsFormat ?? PAGE_TAGS_FORMAT;
    await this.db
      .insertInto('page_builds')
      .values({ build: this.opts.build, registered_at: at, tags_format: format })
      .onConflict((oc) => oc.column('build').doNothing())
      .execute();
    const mine = await this.db
      .selectFrom('page_builds')
      .select('registered_at')
      .where('build', '=', this.opts.build)
      .executeTakeFirstOrThrow();
    const since = Number(mine.registered_at);
    const keep = Math.max(1, this.opts.keepBuilds ?? 3);
    const earlier = await this.db
      .selectFrom('page_builds')
      .select(['build', 'tags_format'])
      .where((eb) =>
        eb.or([
          eb('registered_at', '<', since),
          eb.and([eb('registered_at', '=', since), eb('build', '<', this.opts.build)]),
        ]),
      )
      .orderBy('registered_at', 'desc')
      .orderBy('build', 'desc')
      .limit(keep - 1)
      .execute();
    this.registeredAt = since;
    this.previous = earlier.filter((b) => Number(b.tags_format) === format).map((b) => b.build);
    this.readStatement = undefined;
    this.readName = undefined;
  }

  /**
   * The builds whose pages (and assets) are kept: the newest `keepBuilds` of the register, this one
   * and those it serves; `since` is the start of the oldest of them.
   */
  async keptBuilds(): Promise<{ builds: Set<string>; since: number }> {
    const keep = Math.max(1, this.opts.keepBuilds ?? 3);
    const newest = await this.db
      .selectFrom('page_builds')
      .select(['build', 'registered_at'])
      .orderBy('registered_at', 'desc')
      .orderBy('build', 'desc')
      .limit(keep)
      .execute();
    const builds = new Set([this.opts.build, ...this.previous, ...newest.map((b) => b.build)]);
    const starts = await this.db
      .selectFrom('page_builds')
      .select('registered_at')
      .where('build', 'in', [...builds])
      .execute();
    const since = Math.min(this.registeredAt ?? this.now(), ...starts.map((b) => Number(b.registered_at)));
    return { builds, since };
  }

  private readQuery(key: string) {
    const tagsOf =
      this.dialect === 'postgres'
        ? sql`(SELECT array_agg(t) FROM json_array_elements_text(p.tags::json) AS t)`
        : sql`(SELECT value FROM json_each(p.tags) UNION ALL SELECT ${EVERY_PAGE})`;
    const changed = (column: 'evicted_at' | 'staled_at') =>
      this.dialect === 'postgres'
        ? sql<
            number | null
          >`(SELECT max(c.${sql.ref(column)}) FROM page_tag_changes c WHERE c.tag = ANY (${tagsOf} || ${EVERY_PAGE}::text))`
        : sql<number | null>`(SELECT max(c.${sql.ref(column)}) FROM page_tag_changes c WHERE c.tag IN ${tagsOf})`;
    const query = this.db
      .selectFrom('page_store as p')
      .selectAll('p')
      .select([changed('evicted_at').as('evicted'), changed('staled_at').as('staled')])
      .where('p.key', '=', key);
    if (this.previous.length === 0) return query.where('p.build', '=', this.opts.build);
    // This build's page first, else the newest earlier build's (one row, found by the primary key).
    const builds = [this.opts.build, ...this.previous];
    const rank = sql`CASE p.build ${sql.join(
      builds.map((b, i) => sql`WHEN ${b} THEN ${sql.lit(i)}`),
      sql` `,
    )} END`;
    return query.where('p.build', 'in', builds).orderBy(rank).limit(1);
  }

  private readStatement: CompiledQuery | undefined;
  private readName: string | undefined;

  /**
   * Runs the read, compiled by Kysely once (a memory miss is the hot path: compiling it each time
   * was ~0.09 ms of this thread), on PostgreSQL as a named prepared statement when the pool is given.
   */
  private async readRow(key: string): Promise<ReadRow | undefined> {
    this.readStatement ??= this.readQuery(KEY_SLOT).compile();
    const { sql: text, parameters } = this.readStatement;
    const values = parameters.map((p) => (p === KEY_SLOT ? key : p));
    if (this.opts.pool) {
      // named by its text: the builds it reads are part of it (node-pg refuses one name for two texts)
      this.readName ??= `vaggen_page_store_read_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
      return (await this.opts.pool.query({ name: this.readName, text, values })).rows[0] as ReadRow;
    }
    return (await this.db.executeQuery(CompiledQuery.raw(text, values))).rows[0] as ReadRow | undefined;
  }

  /** Keeps a page (the last render of a key wins; what changed after it began is checked on read). */
  async write(
    key: string,
    page: { status: number; headers: Record<string, string>; etag: string; br: Buffer },
    tags: string[],
    renderedAt: number,
  ): Promise<void> {
    if (key.length > PAGE_STORE_MAX_KEY) return;
    const values = {
      key,
      build: this.opts.build,
      rendered_at: renderedAt,
      status: page.status,
      headers: JSON.stringify(page.headers),
      etag: page.etag,
      tags: JSON.stringify(tags),
      body_br: page.br,
    };
    await this.db
      .insertInto('page_store')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['key', 'build']).doUpdateSet({
          build: values.build,
          rendered_at: values.rendered_at,
          status: values.status,
          headers: values.headers,
          etag: values.etag,
          tags: values.tags,
          body_br: values.body_br,
        }),
      )
      .execute();
    // The earlier builds' page of this key is replaced by this one: never served again (decision 051).
    if (this.previous.length > 0) {
      await this.db.deleteFrom('page_store').where('key', '=', key).where('build', 'in', this.previous).execute();
    }
  }

  /** Records a change at `at`: its pages are no longer served (evicted) or served once more (staled). */
  async recordChange(change: Change, at: number = this.now()): Promise<void> {
    const recorded = this.opts.recordsTag ?? (() => true);
    const evict = change === 'all' ? [EVERY_PAGE] : [...new Set(change.evict.filter(recorded))];
    const stale = change === 'all' ? [] : [...new Set(change.stale.filter(recorded))];
    if (evict.length > 0) {
      await this.db
        .insertInto('page_tag_changes')
        .values(evict.map((tag) => ({ tag, evicted_at: at, staled_at: 0 })))
        .onConflict((oc) => oc.column('tag').doUpdateSet({ evicted_at: at }))
        .execute();
    }
    if (stale.length > 0) {
      await this.db
        .insertInto('page_tag_changes')
        .values(stale.map((tag) => ({ tag, evicted_at: 0, staled_at: at })))
        .onConflict((oc) => oc.column('tag').doUpdateSet({ staled_at: at }))
        .execute();
    }
  }

  /** Which of `keys` have a page of this build that is not evicted (fresh or stale): for the backfill. */
  async present(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('page_store')
      .select(['key', 'rendered_at', 'tags'])
      .where('key', 'in', keys)
      .where('build', '=', this.opts.build)
      .execute();
    const evicted = await this.evicted(rows);
    return new Set(rows.filter((r) => !evicted.has(r)).map((r) => r.key));
  }

  /**
   * Deletes the evicted pages of this build among the next `limit` stored keys after `after`, so
   * that pages nobody will render again — a deleted article's, an old address's — do not stay
   * forever. A page rendered anew meanwhile is kept (its render time is part of the delete).
   * Returns where to go on from (null: the end was reached) and how many went.
   */
  async sweepEvicted(after: string | null, limit: number): Promise<{ next: string | null; deleted: number }> {
    // In key order over every build (the primary key; filtering by build would sort all its rows),
    // judging only this build's pages (another build's are the backfill's to purge).
    let query = this.db
      .selectFrom('page_store')
      .select(['key', 'build', 'rendered_at', 'tags'])
      .orderBy('key')
      .limit(limit);
    if (after !== null) query = query.where('key', '>', after);
    const rows = await query.execute();
    const gone = [...(await this.evicted(rows.filter((r) => r.build === this.opts.build)))];
    if (gone.length > 0) {
      await this.db
        .deleteFrom('page_store')
        .where('build', '=', this.opts.build)
        .where((eb) => eb.or(gone.map((r) => eb.and([eb('key', '=', r.key), eb('rendered_at', '=', r.rendered_at)]))))
        .execute();
    }
    const last = rows[rows.length - 1];
    return { next: rows.length < limit || !last ? null : last.key, deleted: gone.length };
  }

  /** The rows among `rows` that a change evicted after their render began. */
  private async evicted<R extends { rendered_at: number; tags: string }>(rows: R[]): Promise<Set<R>> {
    const gone = new Set<R>();
    if (rows.length === 0) return gone;
    const tags = [...new Set(rows.flatMap((r) => JSON.parse(r.tags) as string[])), EVERY_PAGE];
    const evictedAt = new Map<string, number>();
    for (let i = 0; i < tags.length; i += 500) {
      const changes = await this.db
        .selectFrom('page_tag_changes')
        .select(['tag', 'evicted_at'])
        .where('tag', 'in', tags.slice(i, i + 500))
        .where('evicted_at', '>', 0)
        .execute();
      for (const c of changes) evictedAt.set(c.tag, Number(c.evicted_at));
    }
    const all = evictedAt.get(EVERY_PAGE) ?? 0;
    for (const r of rows) {
      const last = Math.max(all, ...(JSON.parse(r.tags) as string[]).map((t) => evictedAt.get(t) ?? 0));
      if (changedAfter(last, Number(r.rendered_at))) gone.add(r);
    }
    return gone;
  }

  /**
   * Deletes up to `limit` pages of builds no longer kept (older than the last few, decision 051);
   * returns how many went. The pages of this build, of the earlier builds it serves and of the newest
   * builds of the register (a later deploy's, during a rollback) stay. Forgets builds long gone.
   */
  async purgeOtherBuilds(limit: number): Promise<number> {
    const { builds } = await this.keptBuilds();
    // By the build index: the ranges between the kept builds (a NOT IN would scan every row).
    const kept = [...builds].sort();
    const rows = await this.db
      .selectFrom('page_store')
      .select(['key', 'build'])
      .where((eb) =>
        eb.or([
          ...kept.map((b, i) => {
            const below = eb('build', '<', b);
            return i === 0 ? below : eb.and([eb('build', '>', kept[i - 1] as string), below]);
          }),
          eb('build', '>', kept[kept.length - 1] as string),
        ]),
      )
      .limit(limit)
      .execute();
    const byBuild = new Map<string, string[]>();
    for (const r of rows) byBuild.set(r.build, [...(byBuild.get(r.build) ?? []), r.key]);
    for (const [build, keys] of byBuild) {
      await this.db.deleteFrom('page_store').where('build', '=', build).where('key', 'in', keys).execute();
    }
    if (rows.length < limit) await this.forgetOldBuilds();
    return rows.length;
  }

  /** The register keeps the last REGISTER_KEEPS builds (a build started again after that is new again). */
  private async forgetOldBuilds(): Promise<void> {
    const last = await this.db
      .selectFrom('page_builds')
      .select('registered_at')
      .orderBy('registered_at', 'desc')
      .offset(REGISTER_KEEPS - 1)
      .limit(1)
      .executeTakeFirst();
    if (!last) return;
    const { builds } = await this.keptBuilds();
    await this.db
      .deleteFrom('page_builds')
      .where('registered_at', '<', Number(last.registered_at))
      .where('build', 'not in', [...builds])
      .execute();
  }

  /** How many pages of this build are kept (for metrics and the bench). */
  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('page_store')
      .select(sql<number>`count(*)`.as('n'))
      .where('build', '=', this.opts.build)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

/**
 * The build a stored page belongs to: a hash of the web app's server bundle (which names the
 * hashed client assets) and of the server's own code, so a deploy of either never serves pages of
 * the other. Undefined without a web build (no pages to keep).
 */
export function pageBuildId(webServerEntry: string, serverCode: string | undefined): string | undefined {
  if (!fs.existsSync(webServerEntry)) return undefined;
  const h = createHash('sha256').update(fs.readFileSync(webServerEntry));
  if (serverCode && fs.existsSync(serverCode)) h.update(fs.readFileSync(serverCode));
  return h.digest('base64url').slice(0, 32);
}
