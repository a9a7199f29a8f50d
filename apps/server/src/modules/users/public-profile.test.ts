import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, makeAuthor, type TestApp } from '../../../test/helpers.js';
import { publicProfiles } from './public-profile.js';

describe.each(dialects)('the users read model for other modules (%s)', (dialect) => {
  let t: TestApp;
  let authorId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    authorId = await makeAuthor(t, 'profilskribent', 'Petra Profil');
  });
  afterAll(() => t?.close());

  const byline = () =>
    t.dbh.db
      .selectFrom('articles as a')
      .leftJoin(publicProfiles(t.dbh.db).as('u'), 'u.id', 'a.author_id')
      .select(['a.id', 'u.username', 'u.full_name', 'u.profile_picture'])
      .orderBy('a.published_at', 'desc')
      .limit(20);

  it('offers only the public columns of a person', async () => {
    const row = await publicProfiles(t.dbh.db).where('id', '=', authorId).executeTakeFirstOrThrow();
    expect(Object.keys(row).sort()).toEqual(['full_name', 'id', 'profile_picture', 'username']);
    expect(row).toMatchObject({ username: 'profilskribent', full_name: 'Petra Profil' });
  });

  it('joins like a plain join: the subquery is flattened, users read by primary key', async () => {
    const a = await t.app.services.articles.create({
      title: 'Läsmodell',
      content: 'Text.',
      category: 'NYHETER',
      authorId,
      authorName: 'Petra Profil',
      featuredImage: null,
    });
    const rows = await byline().execute();
    expect(rows.find((r) => r.id === a.id)).toMatchObject({ username: 'profilskribent', full_name: 'Petra Profil' });

    const compiled = byline().compile();
    const explain = (prefix: string) =>
      t.dbh.db.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`${prefix} ${compiled.sql}`, [...compiled.parameters]),
      );
    if (dialect === 'sqlite') {
      const plan = (await explain('EXPLAIN QUERY PLAN')).rows.map((r) => r.detail).join('\n');
      // flattened: no materialised or co-routine subquery, and users searched by its key
      expect(plan).not.toMatch(/MATERIALIZE|CO-ROUTINE|SCAN (users|u)\b/);
      expect(plan).toMatch(/SEARCH (users|u) USING INTEGER PRIMARY KEY/);
    } else {
      const plan = (await explain('EXPLAIN')).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).not.toMatch(/Subquery Scan/);
    }
  });
});
