import { USERS_MSG } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { nameSkeletons } from '../../db/migrations/024_name_skeletons.js';
import { nameSkeleton } from '../../lib/names.js';

/** A staff member's name as the impersonators wrote it. */
const LOOK_ALIKES = [
  'Anna\u200bLindqvist', // zero-width space
  '\u0410nna Lindqvist', // Cyrillic А
  '\u202eAnna Lindqvist', // right-to-left override
  'Anna\u00a0Lindqvist', // no-break space
  'AnnaLindqvist',
  'Аnnа Lіndqvіst', // Cyrillic а, і
  'Ａｎｎａ Ｌｉｎｄｑｖｉｓｔ', // full width
  'anna lindqvist', // in lower case
];

/**
 * Issue 40, finding 12: reader names "Anna\u200bLindqvist", "Аnna Lindqvist" (Cyrillic А) and
 * "\u202eAnna Lindqvist" were accepted while exact and case-changed forms of a staff name got 409.
 * Names are compared by their confusables skeleton (Unicode TS #39) after invisible and bidi
 * characters are removed.
 */
describe.each(dialects)('staff names compared by their look (%s)', (dialect) => {
  let t: TestApp;
  let articleId: number;
  let ip = 0;
  const send = (method: 'POST' | 'PUT', url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers, remoteAddress: `10.40.12.${++ip % 250}` });

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { REGISTRATIONS_PER_HOUR: '1000', COMMENTS_PER_MINUTE: '1000' } });
    const writer = await t.app.services.users.create({
      username: 'annal',
      password: 'annas-hemliga-losen',
      full_name: 'Anna Lindqvist',
      account_type: 'writer',
    });
    articleId = (
      await t.app.services.articles.create({
        title: 'Artikel',
        content: '<p>Text.</p>',
        category: 'NYHETER',
        authorId: writer,
        authorName: 'Anna Lindqvist',
        featuredImage: null,
      })
    ).id;
  });
  afterAll(() => t?.close());

  it('refuses a look-alike of a staff name at registration, on the profile and in a comment', async () => {
    const reader = await userWithToken(t, 'vanliglasare', 'user');
    for (const [i, name] of LOOK_ALIKES.entries()) {
      const reg = await send('POST', '/api/register', {
        username: `imitator${i}`,
        password: 'ett-bra-losenord-1',
        full_name: name,
      });
      expect(reg.statusCode, JSON.stringify(name)).toBe(409);
      expect(reg.json()).toEqual({ msg: USERS_MSG.reservedName });
      const put = await send('PUT', '/api/profile', { full_name: name }, reader.headers);
      expect(put.statusCode, JSON.stringify(name)).toBe(409);
      const comment = await send('POST', '/api/comments', {
        articleId,
        name,
        email: 'imitator@example.se',
        content: 'Hej',
      });
      expect(comment.statusCode, JSON.stringify(name)).toBe(400);
      expect(comment.json()).toEqual({ msg: USERS_MSG.reservedName });
    }
  });

  it('leaves names that only resemble one alone', async () => {
    for (const name of ['Anna Lindkvist', 'Anna Lindqvist-Berg', 'Hanna Lindqvist']) {
      const comment = await send('POST', '/api/comments', {
        articleId,
        name,
        email: 'anna@example.se',
        content: 'Hej',
      });
      expect(comment.statusCode, name).toBe(201);
    }
  });

  it('the migration gives accounts made before it their skeletons', async () => {
    await t.dbh.db.updateTable('users').set({ username_skeleton: null, full_name_skeleton: null }).execute();
    await t.dbh.db.schema.dropIndex('users_full_name_skeleton').execute();
    await t.dbh.db.schema.dropIndex('users_username_skeleton').execute();
    await t.dbh.db.schema.alterTable('users').dropColumn('full_name_skeleton').execute();
    await t.dbh.db.schema.alterTable('users').dropColumn('username_skeleton').execute();
    await nameSkeletons().up(t.dbh.db as never);
    const row = await t.dbh.db
      .selectFrom('users')
      .select(['username_skeleton', 'full_name_skeleton'])
      .where('username', '=', 'annal')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      username_skeleton: nameSkeleton('annal'),
      full_name_skeleton: nameSkeleton('Anna Lindqvist'),
    });
    const comment = await send('POST', '/api/comments', {
      articleId,
      name: '\u0410nna Lindqvist',
      email: 'imitator@example.se',
      content: 'Hej',
    });
    expect(comment.statusCode).toBe(400);
  });
});
