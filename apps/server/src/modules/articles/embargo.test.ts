import { DATES_MSG, NEWSROOM_TEXT, SEARCH_MSG } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { canonicalTimes } from '../../db/migrations/023_canonical_times.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/** Times that are not one, or not one in range; every one of them was accepted before issue 40. */
const BAD_TIMES = [
  '20266-11-30',
  '+275760-09-13T00:00:00Z',
  '+020266-11-30T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '2026-02-30T08:00:00Z',
  '2026-11-30',
  '30 november 2026',
  '2026-11-30T25:00:00Z',
  '9999-01-01T00:00:00Z',
];

/**
 * Issue 40, finding 2: an embargo broken by a typo. A scheduled article with `publish_at`
 * "20266-11-30" or "+275760-09-13T00:00:00Z" was published on the scheduler's next run: the due
 * check compared strings and "+…" sorts before "2026…".
 */
describe.each(dialects)('embargo times (%s)', (dialect) => {
  let t: TestApp;
  let writer: Who;
  let admin: Who;
  const base = { content: '<p>Under embargo.</p>', category: 'nyheter' };
  const send = (method: 'POST' | 'PUT', url: string, who: Who, payload: object) =>
    t.app.inject({ method, url, headers: who.headers, payload });
  const readerCount = async () => (await t.app.inject('/api/articles?limit=100')).json().length as number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    writer = await userWithToken(t, 'embargoskribent', 'writer');
    admin = await userWithToken(t, 'embargochef', 'admin');
  });
  afterAll(() => t?.close());

  it('refuses every time that is not RFC 3339 with a four-digit year in range, in Swedish, and publishes nothing', async () => {
    const before = await readerCount();
    for (const publish_at of BAD_TIMES) {
      for (const status of ['scheduled', undefined]) {
        const res = await send('POST', '/api/articles', writer, {
          ...base,
          title: `Embargo ${publish_at}`,
          publish_at,
          ...(status ? { status } : {}),
        });
        expect(res.statusCode, `${publish_at} ${status}: ${res.body}`).toBe(400);
        expect(res.json().msg).toBe(
          `${NEWSROOM_TEXT.scheduleBadTime}: skriv den som 2026-11-30T08:00:00Z eller 2026-11-30T09:00:00+01:00 (år 1970–2100)`,
        );
      }
    }
    // the outside tool's form too
    const key = await t.app.services.apiTokens.regenerate(writer.id);
    const form = multipart({
      title: 'Extern embargo',
      category: 'NYHETER',
      content: 'Text.',
      publish_at: '20266-11-30',
    });
    const ext = await t.app.inject({
      method: 'POST',
      url: '/api/articles/external',
      headers: { ...form.headers, 'x-api-key': key },
      payload: form.payload,
    });
    expect(ext.statusCode, ext.body).toBe(400);
    expect(ext.json().msg).toContain(NEWSROOM_TEXT.scheduleBadTime);
    await t.app.services.articles.publishDue(new Date());
    expect(await readerCount()).toBe(before);
  });

  it('stores a time with an offset in UTC, and the scheduler compares times as times', async () => {
    const res = await send('POST', '/api/articles', writer, {
      ...base,
      title: 'Med tidszon',
      status: 'scheduled',
      publish_at: '2030-05-01T08:00:00+02:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json();
    expect(a.publish_at).toBe('2030-05-01T06:00:00.000Z');
    // 07:59 in Stockholm (05:59Z) is before the embargo, 08:00 (06:00Z) is not
    expect(await t.app.services.articles.publishDue(new Date('2030-05-01T05:59:59.999Z'))).toEqual([]);
    const live = await t.app.services.articles.publishDue(new Date('2030-05-01T06:00:00.000Z'));
    expect(live.map((l) => l.id)).toEqual([a.id]);
  });

  it('never publishes a time stored out of form, and the migration puts such an article back to draft', async () => {
    const res = await send('POST', '/api/articles', writer, {
      ...base,
      title: 'Lagrad med fel år',
      status: 'scheduled',
      publish_at: '2090-01-01T00:00:00Z',
    });
    const a = res.json();
    const valid = await send('POST', '/api/articles', writer, {
      ...base,
      title: 'Lagrad med offset',
      status: 'scheduled',
      publish_at: '2090-01-01T00:00:00Z',
    });
    // as the code before issue 40 stored them
    await t.dbh.db
      .updateTable('articles')
      .set({ publish_at: '+275760-09-13T00:00:00.000Z' })
      .where('id', '=', a.id)
      .execute();
    await t.dbh.db
      .updateTable('articles')
      .set({ publish_at: '2090-01-01T02:00:00+02:00' })
      .where('id', '=', valid.json().id)
      .execute();
    expect(await t.app.services.articles.publishDue(new Date('2027-01-01T00:00:00.000Z'))).toEqual([]);
    expect((await t.app.inject(`/api/articles/${a.id}`)).statusCode).toBe(404);
    await canonicalTimes().up(t.dbh.db);
    const rows = await t.dbh.db
      .selectFrom('articles')
      .select(['id', 'status', 'publish_at'])
      .where('id', 'in', [a.id, valid.json().id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [Number(r.id), r.status, r.publish_at])).toEqual([
      [a.id, 'draft', null],
      [valid.json().id, 'scheduled', '2090-01-01T00:00:00.000Z'],
    ]);
  });

  it('refuses such times and dates in every other field that takes one', async () => {
    const ban = await send('POST', '/api/moderation/bans', admin, {
      email: 'bannad@example.se',
      kind: 'ban',
      until: '+275760-09-13T00:00:00Z',
    });
    expect(ban.statusCode, ban.body).toBe(400);
    expect(ban.json()).toEqual({ msg: DATES_MSG.badTime });
    for (const q of ['from=20266-01-01', 'to=0001-01-01', 'from=2026-02-30']) {
      const res = await t.app.inject(`/api/search?q=embargo&${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().msg).toContain(SEARCH_MSG.badDate);
    }
  });
});
