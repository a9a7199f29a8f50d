import {
  type AuditPage,
  type Ban,
  type BanPage,
  COMMENTS_MSG,
  type Comment,
  MODERATION_MSG,
  type ModerationSettingsInput,
  MSG,
  type QueuePage,
} from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { MODERATION_DEFAULTS, postArticle, putModerationSettings } from '../../../test/moderation-helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

// a reader's second report hides a comment
const DEFAULTS: ModerationSettingsInput = { ...MODERATION_DEFAULTS, report_threshold: 2 };

/**
 * Bans, readers' reports and the audit log through HTTP, on every database: what each writes to
 * the audit log, the paging of the bans list and the log, the input rules of a ban, the reports'
 * refusals and the auto-hide at the threshold (its log lines, statement of reasons and queue alert).
 */
describe.each(dialects)('bans, reports and the audit log on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let writer: Who;
  let readers: Who[];
  let ip = 0;
  const nextIp = () => `10.88.${Math.floor(++ip / 250)}.${ip % 250}`;

  const settings = async (patch: Partial<ModerationSettingsInput> = {}) => {
    await putModerationSettings(t, admin, { ...DEFAULTS, ...patch });
  };
  const article = (title: string) => postArticle(t, writer, title);
  const visitor = async (
    articleId: number,
    content: string,
    email = 'vera@example.se',
    parentId: number | null = null,
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      remoteAddress: nextIp(),
      payload: { articleId, name: 'Vera Besökare', email, content, parentId },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Comment;
  };
  const asUser = async (who: Who, articleId: number, content: string, parentId: number | null = null) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      remoteAddress: nextIp(),
      headers: who.headers,
      payload: { articleId, content, parentId },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Comment;
  };
  const report = (id: number, who: Who, reason = 'spam', note?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/comments/${id}/reports`,
      remoteAddress: nextIp(),
      headers: who.headers,
      payload: { reason, ...(note === undefined ? {} : { note }) },
    });
  const queue = async (query: string) => {
    const res = await t.app.inject({ url: `/api/moderation/queue?${query}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as QueuePage;
  };
  const auditLog = async (query: string) => {
    const res = await t.app.inject({ url: `/api/moderation/audit?${query}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditPage;
  };
  const ban = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/moderation/bans', headers: admin.headers, payload });
  const bans = async (query: string) => {
    const res = await t.app.inject({ url: `/api/moderation/bans?${query}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BanPage;
  };
  const alerts = async () =>
    (
      (await t.app.inject({ url: '/api/notifications?limit=100', headers: admin.headers })).json() as {
        title: string;
        message: string;
      }[]
    )
      .filter((n) => n.title === MODERATION_MSG.queueAlertTitle)
      .map((n) => n.message);
  /** What the queue alert counts: held comments and comments hidden by reports. */
  const held = async () =>
    (await queue('tab=pending&limit=50')).items.length +
    (await queue('tab=reported&limit=50')).items.filter((i) => i.comment.moderation_status === 'hidden').length;
  /** Freezes the clock (Date only; timers run) at `at` for `work`. */
  const at = async <T>(time: string, work: () => Promise<T>): Promise<T> => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(time));
    try {
      return await work();
    } finally {
      vi.useRealTimers();
    }
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { COMMENTS_PER_MINUTE: '1000' } });
    admin = await userWithToken(t, 'rb_admin', 'admin');
    writer = await userWithToken(t, 'rb_skribent', 'writer');
    readers = [];
    for (let i = 0; i < 4; i++) readers.push(await userWithToken(t, `rb_lasare${i}`, 'user'));
    await settings();
  });
  afterAll(() => t?.close());

  describe('bans', () => {
    it('answers a new ban with its fields, and logs who banned whom, how and until when', async () => {
      const tina = await userWithToken(t, 'rb_tina', 'user', { fullName: 'Tina Troll' });
      const nils = await userWithToken(t, 'rb_nils', 'user', { fullName: '' });

      const byMail = await ban({
        email: '  Troll@Example.SE ',
        until: '2099-06-15T10:00:00Z',
        reason: '  Hot mot skribenten  ',
      });
      expect(byMail.statusCode, byMail.body).toBe(201);
      const mail = byMail.json() as Ban;
      expect(mail).toEqual({
        id: expect.any(Number),
        user_id: null,
        email: 'troll@example.se',
        name: null,
        kind: 'ban',
        until: '2099-06-15T10:00:00.000Z',
        reason: 'Hot mot skribenten',
        created_at: expect.any(String),
        created_by: admin.id,
        active: true,
      });

      const byAccount = await ban({ user_id: tina.id, kind: 'premoderate', until: null });
      expect(byAccount.statusCode, byAccount.body).toBe(201);
      const account = byAccount.json() as Ban;
      expect(account).toEqual({
        id: expect.any(Number),
        user_id: tina.id,
        email: null,
        name: 'Tina Troll',
        kind: 'premoderate',
        until: null,
        reason: null,
        created_at: expect.any(String),
        created_by: admin.id,
        active: true,
      });

      // an account without a full name is named by its username
      const byUsername = await ban({ user_id: nils.id, until: null, reason: 'Spam' });
      expect(byUsername.statusCode, byUsername.body).toBe(201);
      const username = byUsername.json() as Ban;
      expect(username).toMatchObject({ user_id: nils.id, name: 'rb_nils', kind: 'ban', reason: 'Spam' });

      const log = await auditLog('limit=3');
      expect(
        log.entries.map((e) => [e.action, e.actor_id, e.actor_name, e.comment_id, e.article_id, e.ban_id, e.detail]),
      ).toEqual([
        [
          'ban',
          admin.id,
          'rb_admin Testsson',
          null,
          null,
          username.id,
          `Avstängd: rb_nils (konto ${nils.id}), tills vidare — Spam`,
        ],
        [
          'ban',
          admin.id,
          'rb_admin Testsson',
          null,
          null,
          account.id,
          `Granskas alltid: Tina Troll (konto ${tina.id}), tills vidare`,
        ],
        [
          'ban',
          admin.id,
          'rb_admin Testsson',
          null,
          null,
          mail.id,
          'Avstängd: troll@example.se, till och med 15 juni 2099 — Hot mot skribenten',
        ],
      ]);
    });

    it('refuses an unknown account, a malformed address, and an end that is not in the future (now included)', async () => {
      const unknown = await ban({ user_id: 999_999, until: null });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ msg: MODERATION_MSG.banUnknownUser });
      expect(unknown.json().msg).toBe('Kontot finns inte');

      for (const email of ['inte-en-adress', 'namn@doman', 'a b@example.se', 'x@example.se b', 'x@@example.se']) {
        const res = await ban({ email, until: null });
        expect(res.statusCode, email).toBe(400);
        expect(res.json(), email).toEqual({ msg: MSG.commentEmail });
      }

      const past = await ban({ email: 'dåtid@example.se', until: '2020-01-01T00:00:00Z' });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toEqual({ msg: 'Slutdatumet måste ligga i framtiden' });
      // the boundary: an end at this very moment has already come
      const now = new Date(Math.ceil(Date.now() / 1000) * 1000 + 5000).toISOString();
      const exactlyNow = await at(now, () => ban({ email: 'nu@example.se', until: now }));
      expect(exactlyNow.statusCode, exactlyNow.body).toBe(400);
      expect(exactlyNow.json()).toEqual({ msg: MODERATION_MSG.banUntilPast });
      // a millisecond later is the future
      const later = new Date(new Date(now).getTime() + 1).toISOString();
      const soon = await at(now, () => ban({ email: 'nu@example.se', until: later }));
      expect(soon.statusCode, soon.body).toBe(201);
      expect(soon.json()).toMatchObject({ email: 'nu@example.se', until: later, active: true });
    });

    it('lifting: an unknown ban is 404; a lifted ban is logged and listed as no longer active', async () => {
      const unknown = await t.app.inject({
        method: 'DELETE',
        url: '/api/moderation/bans/999999',
        headers: admin.headers,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ msg: 'Avstängningen finns inte' });

      const b = (await ban({ email: 'hävs@example.se', until: null })).json() as Ban;
      const lift = await t.app.inject({
        method: 'DELETE',
        url: `/api/moderation/bans/${b.id}`,
        headers: admin.headers,
      });
      expect(lift.statusCode, lift.body).toBe(200);
      const log = await auditLog('limit=1');
      expect(log.entries[0]).toEqual({
        id: expect.any(Number),
        created_at: expect.any(String),
        action: 'unban',
        actor_id: admin.id,
        actor_name: 'rb_admin Testsson',
        comment_id: null,
        article_id: null,
        ban_id: b.id,
        detail: null,
      });
      // kept for the record: in the full list, not active; gone from the active list
      expect((await bans('active=false&limit=100')).bans.find((x) => x.id === b.id)).toMatchObject({
        id: b.id,
        until: null,
        active: false,
      });
      expect((await bans('limit=100')).bans.map((x) => x.id)).not.toContain(b.id);
    });

    it('a ban whose end is this very moment is no longer active; a millisecond before, it is', async () => {
      const b = (await ban({ email: 'slut@example.se', until: '2099-01-01T00:00:00Z' })).json() as Ban;
      const end = new Date(Math.ceil(Date.now() / 1000) * 1000 + 5000).toISOString();
      await t.dbh.db.updateTable('moderation_bans').set({ until: end }).where('id', '=', b.id).execute();
      const activeAt = async (time: string) =>
        (await at(time, () => bans('active=false&limit=100'))).bans.find((x) => x.id === b.id)?.active;
      expect(await activeAt(new Date(new Date(end).getTime() - 1).toISOString())).toBe(true);
      expect(await activeAt(end)).toBe(false);
    });

    it('pages the bans list newest first with a cursor: no gaps, no duplicates, no cursor after the last', async () => {
      for (let i = 0; i < 3; i++) await ban({ email: `sida${i}@example.se`, until: null });
      const all = (await bans('active=false&limit=100')).bans.map((b) => b.id);
      expect(all.length).toBeGreaterThanOrEqual(5);
      expect(all).toEqual([...all].sort((x, y) => y - x));
      const pages: number[][] = [];
      const cursors: (string | null)[] = [];
      let cursor: string | null = null;
      do {
        const p: BanPage = await bans(`active=false&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        pages.push(p.bans.map((b) => b.id));
        cursors.push(p.next_cursor);
        cursor = p.next_cursor;
      } while (cursor && pages.length < 50);
      const expected: number[][] = [];
      for (let i = 0; i < all.length; i += 2) expected.push(all.slice(i, i + 2));
      expect(pages).toEqual(expected);
      expect(cursors).toEqual(expected.map((p, i) => (i === expected.length - 1 ? null : String(p[1]))));
      // a page of exactly what is left has no next page; one short of it has
      expect(await bans(`active=false&limit=${all.length}`)).toMatchObject({ next_cursor: null });
      const short = await bans(`active=false&limit=${all.length - 1}`);
      expect(short.bans.map((b) => b.id)).toEqual(all.slice(0, -1));
      expect(short.next_cursor).toBe(String(all[all.length - 2]));
    });
  });

  describe('reports', () => {
    it('only a visible comment can be reported: unknown, deleted, held or rejected ones are 404', async () => {
      const a = await article('Ej anmälningsbara');
      const missing = await report(999_999, readers[0] as Who);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ msg: COMMENTS_MSG.commentNotFound });

      // deleted by its author, kept as a placeholder for its reply
      const own = await asUser(readers[1] as Who, a, 'Raderas snart');
      await visitor(a, 'Ett svar', 'svar@example.se', own.id);
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/comments/${own.id}`,
        headers: (readers[1] as Who).headers,
      });
      expect(gone.statusCode, gone.body).toBe(200);
      const deleted = await report(own.id, readers[0] as Who);
      expect(deleted.statusCode).toBe(404);
      expect(deleted.json()).toEqual({ msg: 'Kommentaren finns inte' });

      await settings({ mode: 'all' });
      let pending: Comment;
      try {
        pending = await visitor(a, 'Väntar på granskning');
      } finally {
        await settings();
      }
      expect(pending.moderation_status).toBe('pending');
      expect((await report(pending.id, readers[0] as Who)).json()).toEqual({ msg: COMMENTS_MSG.commentNotFound });

      const rejected = await visitor(a, 'Avvisas');
      const rej = await t.app.inject({
        method: 'POST',
        url: `/api/moderation/comments/${rejected.id}/reject`,
        headers: admin.headers,
      });
      expect(rej.statusCode, rej.body).toBe(200);
      const res = await report(rejected.id, readers[0] as Who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: COMMENTS_MSG.commentNotFound });
    });

    it('at the threshold the comment is hidden, logged as auto-hide, and its writer told it was automated', async () => {
      const commenter = await userWithToken(t, 'rb_kommentator', 'user');
      const a = await article('Anmäld tills dold');
      const c = await asUser(commenter, a, 'Anmäls av två läsare');

      const first = await report(c.id, readers[0] as Who, 'spam', '   ');
      expect(first.statusCode, first.body).toBe(201);
      // one report per reader
      const again = await report(c.id, readers[0] as Who, 'other');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ msg: 'Du har redan anmält den här kommentaren.' });
      const open = (await queue(`tab=reported&articleId=${a}`)).items;
      expect(open.map((i) => [i.comment.id, i.comment.moderation_status, i.reasons, i.reports])).toEqual([
        [
          c.id,
          'visible',
          [],
          // a note of only spaces is no note
          { open: 1, by_reason: { spam: 1, hate: 0, harassment: 0, illegal: 0, other: 0 }, notes: [] },
        ],
      ]);
      // it entered the tab with the first report; a further report does not move it in the queue
      const entered = '2020-01-01T00:00:00.000Z';
      await t.dbh.db
        .updateTable('moderation_items')
        .set({ queued_at: entered })
        .where('comment_id', '=', c.id)
        .execute();
      // nothing is logged below the threshold
      expect(await auditLog(`commentId=${c.id}`)).toEqual({ entries: [], next_cursor: null });

      const second = await report(c.id, readers[1] as Who, 'hate');
      expect(second.statusCode, second.body).toBe(201);
      const hidden = (await queue(`tab=reported&articleId=${a}`)).items;
      expect(
        hidden.map((i) => [i.comment.id, i.comment.moderation_status, i.reasons, i.reports.open, i.queued_at]),
      ).toEqual([[c.id, 'hidden', [{ code: 'reports', detail: '2' }], 2, entered]]);

      // the log: the system hid it (no actor), then the statement of reasons, marked automated
      const log = await auditLog(`commentId=${c.id}`);
      expect(
        log.entries.map((e) => [e.action, e.actor_id, e.actor_name, e.comment_id, e.article_id, e.ban_id, e.detail]),
      ).toEqual([
        ['dsa-statement', null, null, c.id, a, null, expect.stringMatching(/^BES-\d{4}-[0-9A-F]{10} \(automatiskt\)$/)],
        ['auto-hide', null, null, c.id, a, null, '2 anmälningar'],
      ]);
      expect(log.next_cursor).toBeNull();
      // paging the comment's log: a page of exactly what there is has no next page
      expect(await auditLog(`commentId=${c.id}&limit=2`)).toEqual(log);
      const one = await auditLog(`commentId=${c.id}&limit=1`);
      expect(one.entries).toEqual(log.entries.slice(0, 1));
      expect(one.next_cursor).toBe(String(log.entries[0]?.id));
      expect(await auditLog(`commentId=${c.id}&limit=1&cursor=${one.next_cursor}`)).toEqual({
        entries: log.entries.slice(1),
        next_cursor: null,
      });

      // the commenter's statement of reasons gives the automated reason
      const notes = (
        await t.app.inject({ url: '/api/notifications?limit=100', headers: commenter.headers })
      ).json() as {
        title: string;
        message: string;
      }[];
      const statement = notes.filter((n) => n.title === 'Din kommentar har dolts').map((n) => n.message);
      expect(statement).toHaveLength(1);
      expect(statement[0]).toContain(
        'Skäl: Kommentaren doldes automatiskt när 2 läsare hade anmält den. En moderator prövar den.',
      );
      expect(statement[0]).toContain(
        'Beslutet fattades automatiskt: kommentaren doldes när tillräckligt många läsare hade anmält den.',
      );
    });

    it('a comment approved out of the queue re-enters the reported tab at the time of its new report', async () => {
      const a = await article('Godkänd och anmäld');
      await settings({ mode: 'all' });
      let c: Comment;
      try {
        c = await visitor(a, 'Först granskad');
      } finally {
        await settings();
      }
      const ok = await t.app.inject({
        method: 'POST',
        url: `/api/moderation/comments/${c.id}/approve`,
        headers: admin.headers,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      await t.dbh.db
        .updateTable('moderation_items')
        .set({ queued_at: '2020-01-01T00:00:00.000Z' })
        .where('comment_id', '=', c.id)
        .execute();
      const before = new Date().toISOString();
      expect((await report(c.id, readers[2] as Who)).statusCode).toBe(201);
      const item = (await queue(`tab=reported&articleId=${a}`)).items[0];
      expect(item?.comment.id).toBe(c.id);
      expect(item?.queued_at >= before).toBe(true);
    });

    it('a reported visitor is shown with their standing: a ban set after they commented', async () => {
      const a = await article('Avstängd efteråt');
      const c = await visitor(a, 'Skrev innan avstängningen', 'senare@example.se');
      expect((await ban({ email: 'senare@example.se', until: null })).statusCode).toBe(201);
      expect((await report(c.id, readers[3] as Who)).statusCode).toBe(201);
      const item = (await queue(`tab=reported&articleId=${a}`)).items[0];
      expect(item?.comment.id).toBe(c.id);
      expect(item?.commenter).toMatchObject({
        user_id: null,
        email: 'senare@example.se',
        banned: true,
        premoderated: false,
      });
    });

    it('the queue alert: a report that hides a comment may tell the admins; one that does not, never', async () => {
      const a = await article('Kölarm vid anmälan');
      const x = await visitor(a, 'Döljs först', 'x@example.se');
      const y = await visitor(a, 'Döljs sedan', 'y@example.se');
      const reporters = await Promise.all([0, 1].map((i) => userWithToken(t, `rb_larm${i}`, 'user')));
      for (const r of reporters) expect((await report(x.id, r)).statusCode).toBe(201);
      const k = await held();
      expect(k).toBeGreaterThanOrEqual(1);
      const before = await alerts();
      try {
        // the queue is at the threshold, but a report that hides nothing does not alert
        await settings({ queue_alert_threshold: k });
        await t.dbh.db.updateTable('moderation_settings').set({ alerted: 0 }).execute();
        expect((await report(y.id, reporters[0] as Who)).statusCode).toBe(201);
        expect(await alerts()).toEqual(before);
        // hiding the comment that takes the queue to the threshold does
        await settings({ queue_alert_threshold: k + 1 });
        await t.dbh.db.updateTable('moderation_settings').set({ alerted: 0 }).execute();
        expect((await report(y.id, reporters[1] as Who)).statusCode).toBe(201);
        expect(await alerts()).toEqual([MODERATION_MSG.queueAlert(k + 1), ...before]);
        expect(MODERATION_MSG.queueAlert(k + 1)).toBe(`${k + 1} kommentarer väntar på granskning.`);
      } finally {
        await settings();
      }
    });
  });
});
