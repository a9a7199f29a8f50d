import { NEWSROOM_SETTINGS_DEFAULTS } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

/** The paper's own settings (issues 41–44): defaults, partial saves, validation, one copy per process. */
describe.each(dialects)('newsroom settings on %s', (dialect) => {
  let t: TestApp;
  let admin: { headers: { authorization: string }; id: number };
  const get = () => t.app.inject({ method: 'GET', url: '/api/newsroom/settings', headers: admin.headers });
  const put = (payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/newsroom/settings', headers: admin.headers, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await userWithToken(t, 'redaktor', 'admin');
  });
  afterAll(() => t?.close());

  it('answers every setting with its default before anyone saved one', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual(NEWSROOM_SETTINGS_DEFAULTS);
  });

  it('a save names only what it changes: the rest stays, and the next read has it', async () => {
    const saved = await put({ review_required: true, responsible_publisher: '  Eva Utgivare  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      review_required: true,
      responsible_publisher: 'Eva Utgivare',
      vat_percent: 6,
    });
    const again = await put({ vat_percent: 12 });
    expect(again.json()).toMatchObject({
      review_required: true,
      responsible_publisher: 'Eva Utgivare',
      vat_percent: 12,
    });
    expect((await get()).json()).toMatchObject({ review_required: true, vat_percent: 12 });
    const rows = await t.dbh.db
      .selectFrom('newsroom_settings')
      .select(['key', 'value', 'updated_by'])
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { key: 'responsible_publisher', value: '"Eva Utgivare"', updated_by: admin.id },
      { key: 'review_required', value: 'true', updated_by: admin.id },
      { key: 'vat_percent', value: '12', updated_by: admin.id },
    ]);
  });

  it('refuses to clear the ansvarig utgivare once it is named (issue 43), with the message the form shows', async () => {
    const cleared = await put({ responsible_publisher: '   ' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json()).toEqual({ msg: 'Ange ansvarig utgivare: en nyhetssajt ska ha en.' });
    expect((await put({ responsible_publisher: 'Eva Utgivare' })).statusCode).toBe(200);
  });

  it('refuses unknown settings and values out of range with a 400 that names the field', async () => {
    const unknown = await put({ review_required: true, colour: 'röd' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toMatch(/colour/);
    const negative = await put({ metered_articles_per_month: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().msg).toMatch(/metered_articles_per_month/);
    const wrongType = await put({ review_required: 'ja' });
    expect(wrongType.statusCode).toBe(400);
    expect((await get()).json()).toMatchObject({ metered_articles_per_month: 0, review_required: true });
  });

  it('a value an older release stored that no longer validates reads as its default', async () => {
    await t.dbh.db
      .updateTable('newsroom_settings')
      .set({ value: '"många"' })
      .where('key', '=', 'vat_percent')
      .execute();
    t.app.services.settings.forget();
    expect((await get()).json()).toMatchObject({
      vat_percent: NEWSROOM_SETTINGS_DEFAULTS.vat_percent,
      review_required: true,
    });
  });

  it('a save in this process reaches its copy at once; a row written by another process after the recheck', async () => {
    const s = t.app.services.settings;
    await s.get();
    await t.dbh.db
      .updateTable('newsroom_settings')
      .set({ value: 'false' })
      .where('key', '=', 'review_required')
      .execute();
    // another process's save (no message here): the copy is trusted for 30 s, then read again
    expect((await s.get()).review_required).toBe(true);
    expect((await s.get(Date.now() + 31_000)).review_required).toBe(false);
    await put({ review_required: true });
    expect((await s.get()).review_required).toBe(true);
  });
});
