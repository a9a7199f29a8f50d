import type { Kysely, Migration } from 'kysely';

/** The one stored form of a time: `toISOString()` of a year 0000–9999. */
const STORED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Issue 40, finding 2: every stored time is in one form (`toISOString()`, four-digit year), so that
 * comparing times as text compares them as times on both databases. Before, an embargo such as
 * `+275760-09-13T00:00:00.000Z` (a year `Date.parse` read) could be stored, and sorted before every
 * real time: the scheduler published it at once. Each scheduled time out of that form is rewritten
 * in it; one that is no time with a four-digit year cannot be honoured, and its article goes back to
 * draft (never published by the typo). Ban ends were always stored in form (`z.iso.datetime`).
 * Reads only the rows out of form.
 */
export const canonicalTimes = (): Migration => ({
  async up(db: Kysely<unknown>) {
    const k = db as Kysely<{ articles: { id: number; status: string; publish_at: string | null } }>;
    const rows = await k
      .selectFrom('articles')
      .select(['id', 'publish_at'])
      .where('publish_at', 'is not', null)
      .where((eb) => eb.or([eb('publish_at', '<', '0000'), eb('publish_at', 'not like', '____-__-__T__:__:__.___Z')]))
      .execute();
    for (const a of rows) {
      if (a.publish_at === null || STORED.test(a.publish_at)) continue;
      const t = Date.parse(a.publish_at);
      const iso = Number.isFinite(t) ? new Date(t).toISOString() : null;
      await k
        .updateTable('articles')
        .set(iso && STORED.test(iso) ? { publish_at: iso } : { publish_at: null, status: 'draft' })
        .where('id', '=', a.id)
        .execute();
    }
  },
  async down() {},
});
