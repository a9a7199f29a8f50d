import fs from 'node:fs';
import { INBOX_RETENTION_DAYS, INBOX_SUBMISSIONS_PER_WINDOW, type InboxItem, type InboxList } from '@vaggen/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { EphemeralKeyedHash } from './service.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

const REQUIRED = 'Vänligen fyll i alla obligatoriska fält.';
const EMAIL = 'Vänligen ange en giltig e-postadress.';
const TIP_DETAILS = 'Vänligen fyll i information om ditt tips.';
const TIP_NAME = 'Vänligen ange ditt namn eller välj att vara anonym.';

describe.each(dialects)('inbox on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let ip = 0;
  const nextIp = () => `10.6.${Math.floor(++ip / 250)}.${ip % 250}`;
  const post = (url: string, payload: object, remoteAddress = nextIp(), headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress, headers });
  const inbox = async (query: string) => {
    const res = await t.app.inject({ url: `/api/inbox?${query}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as InboxList;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await userWithToken(t, 'inkorgsadmin', 'admin');
  });
  afterAll(() => t?.close());

  describe('POST /api/contact', () => {
    const ok = { name: 'Karin Läsare', email: 'karin@example.se', message: 'Hej! En fråga om prenumeration.' };

    it.each([
      ['name', { ...ok, name: '' }],
      ['email', { ...ok, email: '   ' }],
      ['message', { ...ok, message: undefined }],
    ])('requires %s: "%s"', async (_f, body) => {
      const res = await post('/api/contact', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: REQUIRED });
    });

    it('checks the e-mail format', async () => {
      for (const email of ['karin', 'karin@', 'karin@example', 'ka rin@example.se']) {
        const res = await post('/api/contact', { ...ok, email });
        expect(res.json(), email).toEqual({ msg: EMAIL });
        expect(res.statusCode).toBe(400);
      }
    });

    it('rejects wrong types and over-long fields with a 400', async () => {
      const wrong = await post('/api/contact', { ...ok, name: 5 });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().msg).toMatch(/^Invalid request: name/);
      const long = await post('/api/contact', { ...ok, message: 'x'.repeat(5001) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ msg: 'Meddelandet får vara högst 5000 tecken.' });
    });

    it('stores a valid message (trimmed) and answers 201 {msg}', async () => {
      const res = await post('/api/contact', { ...ok, name: '  Karin Läsare ' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ msg: 'Tack för ditt meddelande!' });
      const list = await inbox('kind=contact');
      expect(list.items[0]).toMatchObject({
        kind: 'contact',
        name: 'Karin Läsare',
        email: 'karin@example.se',
        message: ok.message,
        status: 'new',
        handled_at: null,
        handled_by: null,
      });
    });

    it(`allows ${INBOX_SUBMISSIONS_PER_WINDOW} messages per address and window, then 429`, async () => {
      const addr = '10.77.0.1';
      for (let i = 0; i < INBOX_SUBMISSIONS_PER_WINDOW; i++) {
        expect((await post('/api/contact', ok, addr)).statusCode).toBe(201);
      }
      const over = await post('/api/contact', ok, addr);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({
        msg: 'Du har skickat flera meddelanden på kort tid. Vänta en stund och försök igen.',
      });
      expect((await post('/api/contact', ok, '10.77.0.2')).statusCode).toBe(201);
      // invalid submissions are answered before the limit and never count
      expect((await post('/api/contact', { ...ok, email: 'x' }, '10.77.0.3')).statusCode).toBe(400);
    });
  });

  describe('POST /api/tips', () => {
    const ok = { title: 'Läckande tak i skolan', details: 'Det har regnat in i klassrummen sedan i höstas.' };

    it('requires title and details: "Vänligen fyll i information om ditt tips."', async () => {
      for (const body of [{ ...ok, title: '' }, { ...ok, details: ' ' }, { anonymous: true }, {}]) {
        const res = await post('/api/tips', { name: 'Namn', ...body });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ msg: TIP_DETAILS });
      }
    });

    it('requires a name unless anonymous', async () => {
      const res = await post('/api/tips', ok);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: TIP_NAME });
      const blank = await post('/api/tips', { ...ok, anonymous: false, name: '  ' });
      expect(blank.json()).toEqual({ msg: TIP_NAME });
      expect((await post('/api/tips', { ...ok, anonymous: true })).statusCode).toBe(201);
    });

    it('checks the optional e-mail and phone of a named tip', async () => {
      const email = await post('/api/tips', { ...ok, name: 'Per', email: 'per@' });
      expect(email.statusCode).toBe(400);
      expect(email.json()).toEqual({ msg: EMAIL });
      const phone = await post('/api/tips', { ...ok, name: 'Per', phone: 'ring mig' });
      expect(phone.statusCode).toBe(400);
      expect(phone.json()).toEqual({ msg: 'Vänligen ange ett giltigt telefonnummer.' });
      const flag = await post('/api/tips', { ...ok, name: 'Per', evidence: 'ja' });
      expect(flag.statusCode).toBe(400);
    });

    it('stores a named tip with its contact details and evidence flag', async () => {
      const res = await post('/api/tips', {
        ...ok,
        name: 'Per Persson',
        email: 'per@example.se',
        phone: '070-174 06 05',
        evidence: true,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ msg: 'Tack för ditt tips!' });
      const [tip] = (await inbox('kind=tip')).items;
      expect(tip).toMatchObject({
        kind: 'tip',
        anonymous: false,
        name: 'Per Persson',
        email: 'per@example.se',
        phone: '070-174 06 05',
        title: ok.title,
        details: ok.details,
        evidence: true,
        status: 'new',
      });
      expect(Date.now() - Date.parse(tip.created_at)).toBeLessThan(60_000);
    });

    it('an anonymous tip drops name, e-mail and phone even when sent, and keeps only the hour', async () => {
      const res = await post('/api/tips', {
        ...ok,
        title: 'Anonymt tips',
        anonymous: true,
        name: 'Ska Bort',
        email: 'bort@example.se',
        phone: '08-465 004 10',
      });
      expect(res.statusCode).toBe(201);
      const tip = (await inbox('kind=tip')).items.find((i) => i.kind === 'tip' && i.title === 'Anonymt tips');
      expect(tip).toMatchObject({ anonymous: true, name: null, email: null, phone: null, evidence: false });
      expect(tip!.created_at).toMatch(/T\d\d:00:00\.000Z$/);
    });

    it(`limits ${INBOX_SUBMISSIONS_PER_WINDOW} tips per address without keeping the address`, async () => {
      const addr = '10.88.0.1';
      for (let i = 0; i < INBOX_SUBMISSIONS_PER_WINDOW; i++) {
        const res = await post('/api/tips', { ...ok, anonymous: i % 2 === 0, name: 'Växlande' }, addr);
        expect(res.statusCode).toBe(201);
      }
      const over = await post('/api/tips', { ...ok, anonymous: true }, addr);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({
        msg: 'Du har skickat flera meddelanden på kort tid. Vänta en stund och försök igen.',
      });
      expect((await post('/api/tips', { ...ok, anonymous: true }, '10.88.0.2')).statusCode).toBe(201);
    });
  });

  describe('POST /api/ad-inquiries', () => {
    const ok = { name: 'Lena Säljare', company: 'Exempelbolaget AB', email: 'lena@exempel.se', adType: 'banner' };

    it('requires name, company, e-mail and ad type', async () => {
      for (const f of ['name', 'company', 'email', 'adType'] as const) {
        const res = await post('/api/ad-inquiries', { ...ok, [f]: '' });
        expect(res.statusCode, f).toBe(400);
        expect(res.json()).toEqual({ msg: REQUIRED });
      }
    });

    it('checks the e-mail, the ad type and the optional phone', async () => {
      const email = await post('/api/ad-inquiries', { ...ok, email: 'lena.exempel.se' });
      expect(email.statusCode).toBe(400);
      expect(email.json()).toEqual({ msg: EMAIL });
      const type = await post('/api/ad-inquiries', { ...ok, adType: 'popup' });
      expect(type.statusCode).toBe(400);
      expect(type.json()).toEqual({ msg: 'Vänligen välj en av annonsformerna i listan.' });
      const phone = await post('/api/ad-inquiries', { ...ok, phone: '12' });
      expect(phone.json()).toEqual({ msg: 'Vänligen ange ett giltigt telefonnummer.' });
    });

    it('accepts every ad type of spec 001 §3 and stores the inquiry', async () => {
      for (const adType of ['banner', 'native', 'newsletter', 'sponsoredContent', 'package', 'other']) {
        const res = await post('/api/ad-inquiries', { ...ok, adType, message: `Intresserad av ${adType}` });
        expect(res.statusCode, adType).toBe(201);
        expect(res.json()).toEqual({ msg: 'Tack för din förfrågan!' });
      }
      await post('/api/ad-inquiries', { ...ok, company: 'Med Telefon AB', phone: '+46 8 465 004 20' });
      const list = await inbox('kind=ad');
      expect(list.total).toBe(7);
      expect(list.items[0]).toMatchObject({
        kind: 'ad',
        company: 'Med Telefon AB',
        phone: '+46 8 465 004 20',
        ad_type: 'banner',
        message: null,
      });
      expect(list.items.find((i) => i.kind === 'ad' && i.ad_type === 'native')).toMatchObject({
        message: 'Intresserad av native',
        phone: null,
      });
      expect(list.items.map((i) => (i.kind === 'ad' ? i.ad_type : '')).sort()).toEqual(
        ['banner', 'banner', 'native', 'newsletter', 'other', 'package', 'sponsoredContent'].sort(),
      );
    });

    it(`allows ${INBOX_SUBMISSIONS_PER_WINDOW} inquiries per address and window, then 429`, async () => {
      const addr = '10.78.0.1';
      const inquiry = { ...ok, adType: 'native' };
      for (let i = 0; i < INBOX_SUBMISSIONS_PER_WINDOW; i++) {
        expect((await post('/api/ad-inquiries', inquiry, addr)).statusCode).toBe(201);
      }
      const over = await post('/api/ad-inquiries', inquiry, addr);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({
        msg: 'Du har skickat flera meddelanden på kort tid. Vänta en stund och försök igen.',
      });
      // Per form: the same address may still write to the contact form.
      const contact = { name: 'Lena', email: 'lena@exempel.se', message: 'En fråga till redaktionen.' };
      expect((await post('/api/contact', contact, addr)).statusCode).toBe(201);
    });
  });

  describe('admin inbox', () => {
    it('lists one kind with counts, filters by status, opens an item and marks it handled and back', async () => {
      const c1 = await post('/api/contact', { name: 'Första', email: 'a@example.se', message: 'Ett' });
      const c2 = await post('/api/contact', { name: 'Andra', email: 'b@example.se', message: 'Två' });
      expect([c1.statusCode, c2.statusCode]).toEqual([201, 201]);
      const all = await inbox('kind=contact');
      expect(all.items[0]).toMatchObject({ name: 'Andra' });
      expect(all.items[1]).toMatchObject({ name: 'Första' });
      expect(all.unhandled.contact).toBe(all.total);
      const id = all.items[1].id;

      const one = await t.app.inject({ url: `/api/inbox/contact/${id}`, headers: admin.headers });
      expect(one.statusCode).toBe(200);
      // exactly a contact message's fields: nothing of a tip's or an ad inquiry's shape
      expect(one.json()).toStrictEqual({
        kind: 'contact',
        id,
        status: 'new',
        created_at: expect.any(String),
        handled_at: null,
        handled_by: null,
        name: 'Första',
        email: 'a@example.se',
        message: 'Ett',
      });

      const done = await t.app.inject({
        method: 'POST',
        url: `/api/inbox/contact/${id}/handled`,
        headers: admin.headers,
        payload: { handled: true },
      });
      expect(done.statusCode, done.body).toBe(200);
      const item = done.json() as InboxItem;
      expect(item).toMatchObject({ status: 'handled', handled_by: 'inkorgsadmin Testsson' });
      expect(item.handled_at).toBeTruthy();

      const handled = await inbox('kind=contact&status=handled');
      expect(handled.items.map((i) => i.id)).toEqual([id]);
      expect(handled.total).toBe(1);
      const open = await inbox('kind=contact&status=new');
      expect(open.items.some((i) => i.id === id)).toBe(false);
      expect(open.unhandled.contact).toBe(all.total - 1);

      const undo = await t.app.inject({
        method: 'POST',
        url: `/api/inbox/contact/${id}/handled`,
        headers: admin.headers,
        payload: { handled: false },
      });
      expect(undo.json()).toMatchObject({ status: 'new', handled_at: null, handled_by: null });

      // without a body the call marks handled
      const bare = await t.app.inject({
        method: 'POST',
        url: `/api/inbox/contact/${id}/handled`,
        headers: admin.headers,
      });
      expect(bare.json()).toMatchObject({ status: 'handled' });
    });

    it(`deletes handled items ${INBOX_RETENTION_DAYS} days after handling, and keeps the rest`, async () => {
      const titles = ['Gammalt hanterat', 'Nyss hanterat', 'Gammalt ohanterat'].map((x) => `${x} ${dialect}`);
      for (const title of titles) {
        const res = await post('/api/tips', { anonymous: true, title, details: 'Om lagringstiden.' });
        expect(res.statusCode, res.body).toBe(201);
      }
      const ids = new Map(
        (await inbox('kind=tip&limit=200')).items.map((i) => [(i as { title: string }).title, i.id] as const),
      );
      const [oldHandled, newHandled, oldOpen] = titles.map((x) => ids.get(x) as number);
      for (const id of [oldHandled, newHandled]) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/inbox/tip/${id}/handled`,
          headers: admin.headers,
        });
        expect(res.statusCode).toBe(200);
      }
      const day = 86_400_000;
      const longAgo = new Date(Date.now() - (INBOX_RETENTION_DAYS + 1) * day).toISOString();
      const justInside = new Date(Date.now() - (INBOX_RETENTION_DAYS - 1) * day).toISOString();
      await t.dbh.db.updateTable('tips').set({ handled_at: longAgo }).where('id', '=', oldHandled).execute();
      await t.dbh.db.updateTable('tips').set({ handled_at: justInside }).where('id', '=', newHandled).execute();
      await t.dbh.db.updateTable('tips').set({ created_at: longAgo }).where('id', '=', oldOpen).execute();

      expect(await t.app.services.inbox.purgeHandled()).toBe(1);
      const left = (await t.dbh.db.selectFrom('tips').select('id').execute()).map((r) => Number(r.id));
      expect(left).not.toContain(oldHandled);
      expect(left).toEqual(expect.arrayContaining([newHandled, oldOpen]));
      const gone = await t.app.inject({ url: `/api/inbox/tip/${oldHandled}`, headers: admin.headers });
      expect(gone.statusCode).toBe(404);
      // Two days later the second one has passed its time too.
      expect(await t.app.services.inbox.purgeHandled(Date.now() + 2 * day)).toBe(1);
      expect(await t.app.services.inbox.purgeHandled(Date.now() + 2 * day)).toBe(0);

      // The server runs the purge by itself when it starts (and every few hours after).
      const { id: stale } = await t.dbh.db
        .insertInto('tips')
        .values({
          anonymous: 1,
          title: 'Kvar sedan länge',
          details: 'Hanterat för länge sedan.',
          evidence: 0,
          status: 'handled',
          created_at: longAgo,
          handled_at: longAgo,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The purge is a cluster job (src/jobs): as if the first process had stopped long ago, its
      // lease and last run are cleared, so the restarted server finds the job due and free.
      await t.dbh.db.deleteFrom('job_leases').where('name', '=', 'inbox-purge').execute();
      const logs: string[] = [];
      const sink = { write: (line: string) => logs.push(line) > 0 } as unknown as NodeJS.WritableStream;
      const restarted = await buildApp(t.config, { dbh: t.dbh, logStream: sink });
      try {
        await restarted.ready();
        await restarted.jobs.settled(); // the first pass starts with the server (not awaited by it)
        const ids = (await t.dbh.db.selectFrom('tips').select('id').execute()).map((r) => Number(r.id));
        expect(ids).not.toContain(Number(stale));
        expect(ids).toContain(oldOpen);
        expect(logs.join('')).toContain('inbox: deleted handled items past the retention time');
      } finally {
        await restarted.close();
      }
    });

    it('an item handled by an admin whose account is gone says handled, by nobody named', async () => {
      const sent = await post('/api/contact', { name: 'Tredje', email: 'c@example.se', message: 'Tre' });
      expect(sent.statusCode).toBe(201);
      const id = (await inbox('kind=contact')).items[0].id;
      const gone = await userWithToken(t, 'avgangen_admin', 'admin');
      const done = await t.app.inject({
        method: 'POST',
        url: `/api/inbox/contact/${id}/handled`,
        headers: gone.headers,
        payload: { handled: true },
      });
      expect(done.json()).toMatchObject({ status: 'handled', handled_by: 'avgangen_admin Testsson' });
      // the account is erased: the database lets go of the handler (ON DELETE SET NULL)
      await t.dbh.db.deleteFrom('users').where('id', '=', gone.id).execute();
      const one = await t.app.inject({ url: `/api/inbox/contact/${id}`, headers: admin.headers });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toMatchObject({ status: 'handled', handled_by: null });
    });

    it('pages with limit and offset', async () => {
      const all = await inbox('kind=ad');
      const page = await inbox('kind=ad&limit=2&offset=1');
      expect(page.items.map((i) => i.id)).toEqual(all.items.slice(1, 3).map((i) => i.id));
      expect(page.total).toBe(all.total);
    });

    it('404s on a missing item and 400s on an unknown kind or status', async () => {
      const missing = await t.app.inject({ url: '/api/inbox/tip/999999', headers: admin.headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ msg: 'Meddelandet finns inte' });
      const mark = await t.app.inject({ method: 'POST', url: '/api/inbox/ad/999999/handled', headers: admin.headers });
      expect(mark.statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/inbox?kind=mail', headers: admin.headers })).statusCode).toBe(400);
      expect((await t.app.inject({ url: '/api/inbox?kind=tip&status=x', headers: admin.headers })).statusCode).toBe(
        400,
      );
      expect((await t.app.inject({ url: '/api/inbox/spam/1', headers: admin.headers })).statusCode).toBe(400);
    });

    it('is for admins only', async () => {
      const writer = await userWithToken(t, 'inkorgsskribent', 'writer');
      expect((await t.app.inject({ url: '/api/inbox?kind=tip' })).statusCode).toBe(401);
      const res = await t.app.inject({ url: '/api/inbox?kind=tip', headers: writer.headers });
      expect(res.statusCode).toBe(403);
    });
  });
});

/**
 * Source protection (issue 6): an anonymous tip leaves nothing that identifies the sender — not in
 * any table of the database, not in the server's log output, not in the rate limiter's memory.
 */
describe.each(dialects)('source protection on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: 'true' } }); // behind a proxy: the riskier case;
  });
  afterAll(() => t?.close());

  const SENDER = {
    forwardedFor: '203.0.113.77',
    socket: '198.51.100.23',
    userAgent: 'KallskyddsTestWebblasare/9.8.7 (Visselblasare)',
    name: 'Hemlig Källa Karlsson',
    email: 'hemlig.kalla@visselblasare.example',
    phone: '070-174 06 66',
  };
  const needles = [
    SENDER.forwardedFor,
    SENDER.socket,
    SENDER.userAgent,
    'KallskyddsTestWebblasare',
    SENDER.name,
    'Karlsson',
    SENDER.email,
    'visselblasare.example',
    SENDER.phone,
    '0701740666',
  ];

  async function everyTable(): Promise<Record<string, unknown[]>> {
    const names =
      t.dbh.dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.dbh.db)).rows.map(
            (r) => r.name,
          )
        : (
            await sql<{ table_name: string }>`select table_name from information_schema.tables
              where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.dbh.db)
          ).rows.map((r) => r.table_name);
    const out: Record<string, unknown[]> = {};
    for (const name of names) out[name] = (await sql`select * from ${sql.table(name)}`.execute(t.dbh.db)).rows;
    return out;
  }

  it('an anonymous tip with identifying headers and fields stores and logs none of them', async () => {
    // The capture works: an ordinary request's log line does carry its address (truncated to its
    // /24 since issue 40, as every request line's).
    const control = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '192.0.2.44',
      headers: { 'x-forwarded-for': '192.0.2.45' },
      payload: { name: 'Kontroll', email: 'kontroll@example.se', message: 'Syns i loggen' },
    });
    expect(control.statusCode).toBe(201);
    expect(t.logs.join('\n')).toContain('"remoteAddress":"192.0.2.0"');

    const title = 'Kommunen fuskar med upphandlingen av skolmat';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tips',
      remoteAddress: SENDER.socket,
      headers: {
        'x-forwarded-for': SENDER.forwardedFor,
        'x-real-ip': SENDER.forwardedFor,
        'user-agent': SENDER.userAgent,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({
        anonymous: true,
        name: SENDER.name,
        email: SENDER.email,
        phone: SENDER.phone,
        title,
        details: 'Avtalet skrevs innan anbudstiden gick ut. Jag har sett underlagen.',
        evidence: true,
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    // A rejected one too: errors are not logged with the address either.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/tips',
      remoteAddress: SENDER.socket,
      headers: { 'x-forwarded-for': SENDER.forwardedFor, 'user-agent': SENDER.userAgent },
      payload: { anonymous: true, name: SENDER.name, title: '' },
    });
    expect(bad.statusCode).toBe(400);

    const tables = await everyTable();
    expect(Object.keys(tables)).toEqual(expect.arrayContaining(['tips', 'contact_messages', 'users', 'sessions']));
    const dump = JSON.stringify(tables);
    expect(dump).toContain(title); // the tip itself is there …
    expect(tables.tips).toHaveLength(1);
    for (const needle of needles) expect(dump, `database contains ${needle}`).not.toContain(needle); // … its sender is not

    if (t.config.database.kind === 'sqlite') {
      // The raw database files too (main file and write-ahead log), byte for byte.
      const file = t.config.database.file;
      const bytes = [file, `${file}-wal`]
        .filter((f) => fs.existsSync(f))
        .map((f) => fs.readFileSync(f).toString('latin1'))
        .join('');
      expect(bytes).toContain(Buffer.from(title).toString('latin1'));
      for (const needle of needles) {
        expect(bytes, `database file contains ${needle}`).not.toContain(Buffer.from(needle).toString('latin1'));
      }
    }

    const logs = t.logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const needle of needles) expect(logs, `logs contain ${needle}`).not.toContain(needle);
    expect(logs).not.toContain('/api/tips');

    // The rate limiter keeps a keyed hash, not the address.
    const limiter = (t.app.services.inbox as unknown as { limiters: { tip: { buckets: Map<string, unknown> } } })
      .limiters.tip;
    const keys = [...limiter.buckets.keys()];
    expect(keys).toHaveLength(1);
    for (const needle of needles) expect(keys.join(' ')).not.toContain(needle);
  });
});

describe('the source-protecting hash of a sender’s address', () => {
  it('is stable within its window, unlinkable across windows, and 32 characters', () => {
    const now = vi.spyOn(Date, 'now');
    try {
      const h = new EphemeralKeyedHash(60_000);
      now.mockReturnValue(10 * 60_000 + 5);
      const first = h.hash('10.0.0.1');
      expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
      now.mockReturnValue(10 * 60_000 + 59_999);
      expect(h.hash('10.0.0.1')).toBe(first);
      expect(h.hash('10.0.0.2')).not.toBe(first);
      // the next window has a new key: the same address hashes to something else
      now.mockReturnValue(11 * 60_000);
      const next = h.hash('10.0.0.1');
      expect(next).not.toBe(first);
      expect(h.hash('10.0.0.1')).toBe(next);
      // another process (another key) cannot link the same address either
      expect(new EphemeralKeyedHash(60_000).hash('10.0.0.1')).not.toBe(next);
    } finally {
      now.mockRestore();
    }
  });
});
