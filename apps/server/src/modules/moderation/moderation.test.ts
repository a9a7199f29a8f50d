import {
  type AuditPage,
  type Comment,
  type CommentPage,
  MODERATION_MSG,
  type ModerationSettingsInput,
  moderationDate,
  type QueueCount,
  type QueuePage,
} from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { MODERATION_DEFAULTS, postArticle, putModerationSettings } from '../../../test/moderation-helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/** Issue 16 through HTTP, on every database: policy, checks, reports, queue, bans, audit. */
describe.each(dialects)('comment moderation on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let writer: Who;
  let reader: Who;
  let ip = 0;
  const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

  const settings = (patch: Partial<ModerationSettingsInput> = {}) =>
    putModerationSettings(t, admin, { ...MODERATION_DEFAULTS, ...patch });
  const article = (title: string, category = 'NYHETER', who: Who = writer) => postArticle(t, who, title, category);
  const visitor = (
    articleId: number,
    content: string,
    opts: { email?: string; name?: string; token?: string; parentId?: number; ip?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/comments',
      remoteAddress: opts.ip ?? nextIp(),
      headers: opts.token ? { 'x-commenter-token': opts.token } : {},
      payload: {
        articleId,
        name: opts.name ?? 'Vera Besökare',
        email: opts.email ?? 'vera@example.se',
        content,
        parentId: opts.parentId ?? null,
      },
    });
  const asUser = (who: Who, articleId: number, content: string, parentId: number | null = null) =>
    t.app.inject({
      method: 'POST',
      url: '/api/comments',
      remoteAddress: nextIp(),
      headers: who.headers,
      payload: { articleId, content, parentId },
    });
  const page = async (articleId: number, headers: Record<string, string> = {}) =>
    (await t.app.inject({ url: `/api/comments?articleId=${articleId}&limit=50`, headers })).json() as CommentPage;
  const ids = (p: CommentPage) => p.comments.map((c) => c.id);
  const queue = async (query: string, who: Who = admin) => {
    const res = await t.app.inject({ url: `/api/moderation/queue?${query}`, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as QueuePage;
  };
  const act = (action: 'approve' | 'reject', id: number, who: Who = admin, reason?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/moderation/comments/${id}/${action}`,
      headers: who.headers,
      ...(reason === undefined ? {} : { payload: { reason } }),
    });
  const report = (id: number, reason = 'spam', opts: { ip?: string; who?: Who; note?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/comments/${id}/reports`,
      remoteAddress: opts.ip ?? nextIp(),
      headers: opts.who?.headers ?? {},
      payload: { reason, ...(opts.note ? { note: opts.note } : {}) },
    });

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { COMMENTS_PER_MINUTE: '1000' } });
    admin = await userWithToken(t, 'mod_admin', 'admin');
    writer = await userWithToken(t, 'mod_skribent', 'writer');
    reader = await userWithToken(t, 'mod_lasare', 'user');
  });
  afterAll(() => t?.close());

  it('publishes at once by default, as the spec shows, and answers a visitor with a commenter token', async () => {
    const s = await t.app.inject({ url: '/api/moderation/settings', headers: admin.headers });
    expect(s.json()).toMatchObject({
      mode: 'publish',
      link_limit: 2,
      builtin_words: true,
      hold_repeated: false,
      report_threshold: 3,
    });
    const a = await article('Publicera direkt');
    const res = await visitor(a, 'Första kommentaren');
    expect(res.statusCode).toBe(201);
    expect(res.json().moderation_status).toBe('visible');
    expect(res.json().author_token).toMatch(/^[\w-]+\.[\w-]+$/);
    const mine = await asUser(reader, a, 'Läsarens kommentar');
    expect(mine.json().moderation_status).toBe('visible');
    expect(mine.json().author_token).toBeUndefined();
    const p = await page(a);
    expect(ids(p)).toEqual([res.json().id, mine.json().id]);
    expect(p.total).toBe(2);
    expect(await queue(`articleId=${a}`)).toEqual({ items: [], next_cursor: null });
  });

  it('holds spam out of the box: more than two links, or a word of the Swedish list; ordinary words pass (issue 41)', async () => {
    const a = await article('Skräppost från start');
    const two = await visitor(a, 'Läs https://a.example och https://b.example');
    expect(two.json().moderation_status).toBe('visible');
    const three = await visitor(a, 'Köp nu: https://a.example https://b.example https://c.example');
    expect(three.statusCode).toBe(201);
    expect(three.json().moderation_status).toBe('pending');
    const rude = await visitor(a, 'Vilken RÖVHÅL till politiker');
    expect(rude.json().moderation_status).toBe('pending');
    const held = await queue(`articleId=${a}&tab=pending`);
    expect(held.items.map((i) => i.reasons)).toEqual([
      [{ code: 'links', detail: '3' }],
      [{ code: 'suspect-word', detail: 'RÖVHÅL' }],
    ]);
    // Everyday words and mild oaths are left out of the list; words are never matched inside others.
    for (const text of ['Fan vad bra skrivet!', 'Sås och potatis, för helvete', 'En hård vinter', 'Sätta på kaffet']) {
      const ok = await visitor(a, text);
      expect(ok.json().moderation_status, text).toBe('visible');
    }
    // Both are settings: no limit and the list off publish the same comments at once.
    const saved = await settings({ link_limit: null, builtin_words: false });
    expect(saved).toMatchObject({ link_limit: null, builtin_words: false });
    expect(
      (await visitor(a, 'Köp: https://a.example https://b.example https://c.example')).json().moderation_status,
    ).toBe('visible');
    expect((await visitor(a, 'Vilket rövhål')).json().moderation_status).toBe('visible');
    // A save that leaves the field out keeps it; the audit log says what changed.
    expect(await settings({ link_limit: null })).toMatchObject({ builtin_words: false });
    const log = await t.app.inject({ url: '/api/moderation/audit', headers: admin.headers });
    expect(JSON.stringify(log.json())).toContain('svensk ordlista av');
    await settings({ builtin_words: true });
  });

  it("mode 'all' holds every comment: shown to its author only (same browser or account), then approved", async () => {
    await settings({ mode: 'all' });
    try {
      const a = await article('Allt granskas');
      const first = await visitor(a, 'Väntar jag?');
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ moderation_status: 'pending', content: 'Väntar jag?' });
      const token = first.json().author_token as string;
      // the same browser keeps its token on its next comment
      const second = await visitor(a, 'Och jag?', { token });
      expect(second.json().author_token).toBe(token);
      const byUser = await asUser(reader, a, 'Användarens väntande');
      expect(byUser.json().moderation_status).toBe('pending');

      // readers see nothing, and nothing is counted
      const anon = await page(a);
      expect(anon.comments).toEqual([]);
      expect(anon.total).toBe(0);
      // the visitor's browser sees its two, marked; a forged or other token sees none
      const own = await page(a, { 'x-commenter-token': token });
      expect(own.comments.map((c) => [c.content, c.moderation_status])).toEqual([
        ['Väntar jag?', 'pending'],
        ['Och jag?', 'pending'],
      ]);
      expect(own.total).toBe(0);
      expect((await page(a, { 'x-commenter-token': `${token.split('.')[0]}.förfalskad` })).comments).toEqual([]);
      const other = (await visitor(a, 'Annan webbläsare', { email: 'annan@example.se' })).json().author_token;
      expect(ids(await page(a, { 'x-commenter-token': other }))).not.toContain(first.json().id);
      // the account sees its own on any device, not the visitor's
      expect((await page(a, reader.headers)).comments.map((c) => c.content)).toEqual(['Användarens väntande']);
      // a held comment cannot be answered
      const reply = await visitor(a, 'Svar', { parentId: first.json().id });
      expect(reply.statusCode).toBe(400);

      const q = await queue(`tab=pending&articleId=${a}`);
      expect(q.items.map((i) => i.comment.id)).toEqual([
        first.json().id,
        second.json().id,
        byUser.json().id,
        expect.any(Number),
      ]);
      expect(q.items[0]?.reasons).toEqual([{ code: 'mode-all', detail: null }]);
      expect(q.items[0]?.commenter).toMatchObject({ name: 'Vera Besökare', email: 'vera@example.se', approved: 0 });
      expect(q.items[0]?.article).toMatchObject({ id: a, title: 'Allt granskas', category: 'NYHETER' });

      const ok = await act('approve', first.json().id);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({
        msg: 'Kommentaren är godkänd',
        comment_id: first.json().id,
        moderation_status: 'visible',
      });
      const after = await page(a);
      expect(ids(after)).toEqual([first.json().id]);
      expect(after.total).toBe(1);
      expect(after.comments[0]?.moderation_status).toBe('visible');
      // mode 'all' holds even an approved commenter's next comment
      expect((await visitor(a, 'Igen')).json().moderation_status).toBe('pending');
      // the article's writer hears of it once it is public, not before
      const notes = (await t.app.inject({ url: '/api/notifications?limit=100', headers: writer.headers })).json() as {
        message: string;
      }[];
      expect(notes.map((n) => n.message)).toContain('Vera Besökare: Väntar jag?');
      expect(notes.map((n) => n.message)).not.toContain('Vera Besökare: Och jag?');
    } finally {
      await settings();
    }
  });

  it("mode 'first-time' holds a new commenter until one comment is approved, then publishes at once", async () => {
    const a = await article('Nya kommentatorer');
    const known = await visitor(a, 'Jag kommenterade förut', { email: 'kand@example.se' });
    expect(known.json().moderation_status).toBe('visible');
    await settings({ mode: 'first-time' });
    try {
      expect((await visitor(a, 'Fortfarande känd', { email: 'KAND@example.se' })).json().moderation_status).toBe(
        'visible',
      );
      const one = await visitor(a, 'Min första', { email: 'ny@example.se' });
      const two = await visitor(a, 'Min andra', { email: 'ny@example.se' });
      expect([one.json().moderation_status, two.json().moderation_status]).toEqual(['pending', 'pending']);
      const q = await queue(`tab=pending&articleId=${a}`);
      expect(q.items.map((i) => i.reasons)).toEqual([
        [{ code: 'first-time', detail: null }],
        [{ code: 'first-time', detail: null }],
      ]);
      expect((await act('approve', one.json().id)).statusCode).toBe(200);
      // the other comment held only for being new is released with the first approval
      expect(ids(await page(a))).toEqual([known.json().id, expect.any(Number), one.json().id, two.json().id]);
      expect((await queue(`tab=pending&articleId=${a}`)).items).toEqual([]);
      expect((await visitor(a, 'Min tredje', { email: 'ny@example.se' })).json().moderation_status).toBe('visible');
      const history = await queue(`tab=pending&articleId=${a}`);
      expect(history.items).toEqual([]);
      const audit = (
        await t.app.inject({ url: '/api/moderation/audit?limit=5', headers: admin.headers })
      ).json() as AuditPage;
      expect(audit.entries.slice(0, 2).map((e) => [e.action, e.comment_id])).toEqual([
        ['auto-approve', two.json().id],
        ['approve', one.json().id],
      ]);
    } finally {
      await settings();
    }
  });

  it('refuses banned words with a message naming the word; holds suspect ones, saying which (å, ä, ö, word beginnings)', async () => {
    await settings({
      banned_words: [
        { word: 'jävl', word_beginning: true },
        { word: 'rövhål', word_beginning: false },
      ],
      suspect_words: [
        { word: 'dum', word_beginning: false },
        { word: 'lögn', word_beginning: true },
      ],
    });
    try {
      const a = await article('Ordlistor');
      const refused = await visitor(a, 'Jävlar vad bra');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ msg: MODERATION_MSG.bannedWord('Jävlar') });
      expect(refused.json().msg).toBe(
        'Kommentaren innehåller ett ord som inte är tillåtet här: ”Jävlar”. Ändra texten och försök igen.',
      );
      expect((await visitor(a, 'Ditt RÖVHÅL')).json()).toEqual({ msg: MODERATION_MSG.bannedWord('RÖVHÅL') });
      // staff are refused too
      expect((await asUser(writer, a, 'jävligt')).statusCode).toBe(400);
      // inside other words: not found
      for (const ok of ['Ojävligt bra', 'rövhålet är inte samma ord', 'dumbom och odum', 'ologna påståenden']) {
        const res = await visitor(a, ok);
        expect(res.statusCode, ok).toBe(201);
        expect(res.json().moderation_status, ok).toBe('visible');
      }
      const dum = await visitor(a, 'Du är DUM');
      expect(dum.json().moderation_status).toBe('pending');
      const lies = await visitor(a, 'Lögnerna fortsätter');
      expect(lies.json().moderation_status).toBe('pending');
      const q = await queue(`tab=pending&articleId=${a}`);
      expect(q.items.map((i) => i.reasons)).toEqual([
        [{ code: 'suspect-word', detail: 'DUM' }],
        [{ code: 'suspect-word', detail: 'Lögnerna' }],
      ]);
      expect(q.items[0]?.comment.moderation_reasons).toEqual([{ code: 'suspect-word', detail: 'DUM' }]);
      // staff are never held
      expect((await asUser(writer, a, 'Dum fråga')).json().moderation_status).toBe('visible');
    } finally {
      await settings();
    }
  });

  it('a new word list reaches the checks at once (settings cache follows the version)', async () => {
    const a = await article('Ny lista');
    expect((await visitor(a, 'Smörgåsbord')).statusCode).toBe(201);
    const saved = await settings({ banned_words: [{ word: 'smörgåsbord', word_beginning: false }] });
    expect((await visitor(a, 'Smörgåsbord')).statusCode).toBe(400);
    const again = await settings();
    expect(again.version).toBe(saved.version + 1);
    expect((await visitor(a, 'Smörgåsbord')).statusCode).toBe(201);
  });

  it('holds a comment with more links than the limit', async () => {
    await settings({ link_limit: 1 });
    try {
      const a = await article('Länkar');
      expect((await visitor(a, 'Se https://example.com')).json().moderation_status).toBe('visible');
      const two = await visitor(a, 'Se https://example.com och www.spam.se');
      expect(two.json().moderation_status).toBe('pending');
      expect((await queue(`tab=pending&articleId=${a}`)).items[0]?.reasons).toEqual([{ code: 'links', detail: '2' }]);
      // an e-mail address is not a link
      expect((await visitor(a, 'Mejla mig@example.se, läs https://example.com')).json().moderation_status).toBe(
        'visible',
      );
    } finally {
      await settings();
    }
  });

  it('holds repeated text: the same commenter at any length, anyone for a longer text', async () => {
    await settings({ hold_repeated: true });
    try {
      const a = await article('Upprepning');
      const first = await visitor(a, 'Hej hej', { email: 'upprepa@example.se' });
      expect(first.json().moderation_status).toBe('visible');
      const same = await visitor(a, '  HEJ   hej! ', { email: 'upprepa@example.se' });
      expect(same.json().moderation_status).toBe('pending');
      expect((await queue(`tab=pending&articleId=${a}`)).items[0]?.reasons).toEqual([
        { code: 'repeated', detail: String(first.json().id) },
      ]);
      // someone else may say a short thing again
      expect((await visitor(a, 'Hej hej', { email: 'annan@example.se' })).json().moderation_status).toBe('visible');
      const long = 'Köp billiga klockor på vår fina sajt idag';
      expect((await visitor(a, long, { email: 'spam1@example.se' })).json().moderation_status).toBe('visible');
      expect((await visitor(a, long, { email: 'spam2@example.se' })).json().moderation_status).toBe('pending');
    } finally {
      await settings();
    }
  });

  it('reports: one per reader, rate-limited, and N open reports hide the comment until it is reviewed', async () => {
    await settings({ report_threshold: 2 });
    try {
      const a = await article('Anmälningar');
      const c = (await visitor(a, 'Kontroversiellt')).json() as Comment;
      const reply = (await visitor(a, 'Ett svar', { parentId: c.id })).json() as Comment;
      const bad = await report(c.id, 'inget');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ msg: 'Invalid request: reason: Välj en anledning till anmälan' });
      const first = await report(c.id, 'hate', { ip: '10.99.0.1', note: 'Hotfullt' });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ msg: MODERATION_MSG.reportSent });
      expect((await report(c.id, 'spam', { ip: '10.99.0.1' })).statusCode).toBe(409);
      expect(ids(await page(a))).toEqual([c.id]);
      // below the threshold it is in the reported tab, still visible
      const open = await queue(`tab=reported&articleId=${a}`);
      expect(open.items.map((i) => [i.comment.id, i.comment.moderation_status, i.reports.open])).toEqual([
        [c.id, 'visible', 1],
      ]);
      // the author cannot report their own
      const own = (await asUser(reader, a, 'Min egen')).json() as Comment;
      expect((await report(own.id, 'spam', { who: reader })).json()).toEqual({ msg: MODERATION_MSG.reportOwn });

      expect((await report(c.id, 'harassment', { who: reader })).statusCode).toBe(201);
      // hidden: readers see a placeholder (it has a reply), without name or text; the reply stays
      const hidden = await page(a);
      const placeholder = hidden.comments.find((x) => x.id === c.id);
      expect(placeholder).toMatchObject({ moderation_status: 'hidden', content: '', name: '', isDeleted: false });
      expect(placeholder?.replies.map((r) => r.id)).toEqual([reply.id]);
      expect(hidden.total).toBe(2); // the reply and "Min egen"
      const q = await queue(`tab=reported&articleId=${a}`);
      expect(q.items[0]?.reports).toEqual({
        open: 2,
        by_reason: { spam: 0, hate: 1, harassment: 1, illegal: 0, other: 0 },
        notes: [{ reason: 'hate', note: 'Hotfullt', created_at: expect.any(String) }],
      });
      expect(q.items[0]?.reasons).toEqual([{ code: 'reports', detail: '2' }]);
      // a hidden comment cannot be reported again
      expect((await report(c.id, 'spam')).statusCode).toBe(404);
      // approving dismisses the reports
      expect((await act('approve', c.id)).statusCode).toBe(200);
      expect((await page(a)).comments.find((x) => x.id === c.id)?.content).toBe('Kontroversiellt');
      expect((await queue(`tab=reported&articleId=${a}`)).items).toEqual([]);
      expect((await page(a)).total).toBe(3);

      // a visitor may send 5 reports a minute
      const many = await Promise.all(
        Array.from({ length: 6 }, async (_, i) => (await visitor(a, `Nummer ${i}`)).json().id as number),
      );
      const statuses = [];
      for (const id of many) statuses.push((await report(id, 'spam', { ip: '10.99.0.2' })).statusCode);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await settings();
    }
  });

  it('bans by e-mail or account, for a period or for good; expired or lifted bans stop; always pre-moderate', async () => {
    const a = await article('Avstängningar');
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const byMail = await t.app.inject({
      method: 'POST',
      url: '/api/moderation/bans',
      headers: admin.headers,
      payload: { email: 'Troll@Example.se', until, reason: 'Hot' },
    });
    expect(byMail.statusCode, byMail.body).toBe(201);
    expect(byMail.json()).toMatchObject({ email: 'troll@example.se', kind: 'ban', until, active: true, user_id: null });
    const refused = await visitor(a, 'Hej', { email: 'troll@example.se' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ msg: MODERATION_MSG.bannedUntil(moderationDate(until)) });
    expect(refused.json().msg).toMatch(/^Du är avstängd från att kommentera till och med \d{1,2} \p{L}+ \d{4}\.$/u);

    const troll = await userWithToken(t, 'mod_troll', 'user');
    const forGood = await t.app.inject({
      method: 'POST',
      url: '/api/moderation/bans',
      headers: admin.headers,
      payload: { user_id: troll.id, until: null },
    });
    expect(forGood.statusCode).toBe(201);
    expect((await asUser(troll, a, 'Hej')).json()).toEqual({ msg: MODERATION_MSG.bannedForGood });

    // bad input
    const both = await t.app.inject({
      method: 'POST',
      url: '/api/moderation/bans',
      headers: admin.headers,
      payload: { user_id: troll.id, email: 'x@example.se', until: null },
    });
    expect(both.json()).toEqual({ msg: MODERATION_MSG.banTarget });
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/moderation/bans',
      headers: admin.headers,
      payload: { email: 'x@example.se', until: '2020-01-01T00:00:00Z' },
    });
    expect(past.json()).toEqual({ msg: MODERATION_MSG.banUntilPast });
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/moderation/bans',
      headers: admin.headers,
      payload: { user_id: writer.id, until: null },
    });
    expect(staff.json()).toEqual({ msg: MODERATION_MSG.banStaff });

    // expiry: the ban's time passes
    await t.dbh.db
      .updateTable('moderation_bans')
      .set({ until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', byMail.json().id)
      .execute();
    expect((await visitor(a, 'Tillbaka', { email: 'troll@example.se' })).statusCode).toBe(201);
    const active = (await t.app.inject({ url: '/api/moderation/bans', headers: admin.headers })).json();
    expect(active.bans.map((b: { id: number }) => b.id)).toEqual([forGood.json().id]);
    const everything = (
      await t.app.inject({ url: '/api/moderation/bans?active=false', headers: admin.headers })
    ).json();
    expect(everything.bans.map((b: { id: number; active: boolean }) => [b.id, b.active])).toEqual([
      [forGood.json().id, true],
      [byMail.json().id, false],
    ]);
    // lifting
    const lift = await t.app.inject({
      method: 'DELETE',
      url: `/api/moderation/bans/${forGood.json().id}`,
      headers: admin.headers,
    });
    expect(lift.json()).toEqual({ msg: 'Avstängningen är hävd' });
    expect((await asUser(troll, a, 'Fri igen')).statusCode).toBe(201);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/moderation/bans/${forGood.json().id}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);

    // always pre-moderate one commenter, in publish mode
    await t.app.inject({
      method: 'POST',
      url: '/api/moderation/bans',
      headers: admin.headers,
      payload: { email: 'granska@example.se', kind: 'premoderate', until: null },
    });
    const held = await visitor(a, 'Granska mig', { email: 'granska@example.se' });
    expect(held.json().moderation_status).toBe('pending');
    const item = (await queue(`tab=pending&articleId=${a}`)).items.find((i) => i.comment.id === held.json().id);
    expect(item?.reasons).toEqual([{ code: 'premoderated', detail: null }]);
    expect(item?.commenter).toMatchObject({ premoderated: true, banned: false });
    // approving does not end it
    await act('approve', held.json().id);
    expect((await visitor(a, 'Igen', { email: 'granska@example.se' })).json().moderation_status).toBe('pending');
  });

  it('closes comments by hand, or by itself N days after publication; an article may override the mode', async () => {
    const a = await article('Stängd artikel');
    const closed = await t.app.inject({
      method: 'PUT',
      url: `/api/moderation/articles/${a}`,
      headers: writer.headers,
      payload: { mode: null, closed: true },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ article_id: a, closed: true, open: false, effective_mode: 'publish' });
    expect((await t.app.inject({ url: `/api/moderation/articles/${a}` })).json().open).toBe(false);
    for (const res of [
      await visitor(a, 'Stängt?'),
      await asUser(reader, a, 'Stängt?'),
      await asUser(writer, a, 'Stängt?'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: 'Kommentarerna är stängda för den här artikeln.' });
    }
    expect((await asUser(admin, a, 'Admin får')).statusCode).toBe(201);

    const b = await article('Egen regel');
    await t.app.inject({
      method: 'PUT',
      url: `/api/moderation/articles/${b}`,
      headers: admin.headers,
      payload: { mode: 'all', closed: false },
    });
    expect((await t.app.inject({ url: `/api/moderation/articles/${b}` })).json()).toMatchObject({
      mode: 'all',
      effective_mode: 'all',
      open: true,
    });
    expect((await visitor(b, 'Granskas här')).json().moderation_status).toBe('pending');

    const old = await article('Gammal artikel');
    await t.dbh.db
      .updateTable('articles')
      .set({ published_at: new Date(Date.now() - 3 * 86_400_000).toISOString() })
      .where('id', '=', old)
      .execute();
    expect((await visitor(old, 'Före')).statusCode).toBe(201);
    await settings({ auto_close_days: 2 });
    try {
      const policy = (await t.app.inject({ url: `/api/moderation/articles/${old}` })).json();
      expect(policy.open).toBe(false);
      expect(new Date(policy.closes_at).getTime()).toBeLessThan(Date.now());
      expect((await visitor(old, 'Efter')).statusCode).toBe(403);
      // a new article is still open
      expect((await visitor(b, 'Ny artikel')).statusCode).toBe(201);
    } finally {
      await settings();
    }
  });

  it('queue: tabs, filters by category and article, order, cursor paging, bulk approve and reject, counts', async () => {
    await settings({ mode: 'all' });
    let held: number[] = [];
    let sport: number;
    let news: number;
    try {
      news = await article('Kö nyheter', 'NYHETER');
      sport = await article('Kö sport', 'SPORT');
      held = [];
      for (let i = 0; i < 5; i++) held.push((await visitor(news, `Nyhet ${i}`)).json().id);
      for (let i = 0; i < 3; i++) held.push((await visitor(sport, `Sport ${i}`)).json().id);
    } finally {
      await settings();
    }
    const bySport = await queue('tab=pending&category=sport');
    expect(bySport.items.map((i) => i.comment.content)).toEqual(['Sport 0', 'Sport 1', 'Sport 2']);
    const newest = await queue(`tab=pending&articleId=${news}&order=newest`);
    expect(newest.items.map((i) => i.comment.content)).toEqual(['Nyhet 4', 'Nyhet 3', 'Nyhet 2', 'Nyhet 1', 'Nyhet 0']);
    // paging: no duplicates, no gaps, in both orders
    for (const order of ['oldest', 'newest'] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const p: QueuePage = await queue(
          `tab=pending&articleId=${news}&order=${order}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...p.items.map((i) => i.comment.content));
        cursor = p.next_cursor;
      } while (cursor);
      expect(seen).toEqual(
        order === 'oldest'
          ? ['Nyhet 0', 'Nyhet 1', 'Nyhet 2', 'Nyhet 3', 'Nyhet 4']
          : ['Nyhet 4', 'Nyhet 3', 'Nyhet 2', 'Nyhet 1', 'Nyhet 0'],
      );
    }
    expect((await t.app.inject({ url: '/api/moderation/queue?cursor=abc', headers: admin.headers })).json()).toEqual({
      msg: 'Invalid request: cursor: Ogiltig sidmarkör',
    });
    expect((await t.app.inject({ url: '/api/moderation/queue?category=mode', headers: admin.headers })).json()).toEqual(
      {
        msg: 'Unknown category: mode',
      },
    );

    const before = (
      await t.app.inject({ url: '/api/moderation/queue/count', headers: admin.headers })
    ).json() as QueueCount;
    const bulk = async (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/moderation/bulk', headers: admin.headers, payload });
    const approved = await bulk({ action: 'approve', ids: held.slice(0, 3).concat([999_999]) });
    expect(approved.json()).toEqual({
      msg: '3 kommentarer godkända',
      done: held.slice(0, 3),
      skipped: [{ id: 999_999, msg: 'Kommentaren finns inte' }],
    });
    const rejected = await bulk({ action: 'reject', ids: held.slice(5), reason: 'Utanför ämnet' });
    expect(rejected.json()).toMatchObject({ msg: '3 kommentarer avvisade', done: held.slice(5), skipped: [] });
    // approving what is no longer in the queue is skipped
    expect((await bulk({ action: 'approve', ids: [held[0]] })).json().skipped).toEqual([
      { id: held[0], msg: MODERATION_MSG.notInQueue },
    ]);
    expect((await bulk({ action: 'approve', ids: [] })).json()).toEqual({
      msg: 'Invalid request: ids: Markera minst en kommentar',
    });
    expect((await bulk({ action: 'approve', ids: Array.from({ length: 101 }, (_, i) => i + 1) })).json()).toEqual({
      msg: 'Invalid request: ids: Högst 100 kommentarer åt gången',
    });

    expect(ids(await page(news))).toEqual(held.slice(0, 3));
    expect((await page(sport)).comments).toEqual([]);
    const rej = await queue('tab=rejected&category=SPORT');
    expect(rej.items.map((i) => [i.comment.content, i.comment.moderation_status, i.reasons])).toEqual([
      [
        'Sport 0',
        'rejected',
        [
          { code: 'mode-all', detail: null },
          { code: 'rejected', detail: 'Utanför ämnet' },
        ],
      ],
      [
        'Sport 1',
        'rejected',
        [
          { code: 'mode-all', detail: null },
          { code: 'rejected', detail: 'Utanför ämnet' },
        ],
      ],
      [
        'Sport 2',
        'rejected',
        [
          { code: 'mode-all', detail: null },
          { code: 'rejected', detail: 'Utanför ämnet' },
        ],
      ],
    ]);
    expect(rej.items[0]?.commenter.rejected).toBeGreaterThanOrEqual(3);
    const after = (
      await t.app.inject({ url: '/api/moderation/queue/count', headers: admin.headers })
    ).json() as QueueCount;
    expect(after).toEqual({ pending: before.pending - 6, reported: before.reported, rejected: before.rejected + 3 });
    // a rejected comment may be approved from the Avvisade tab
    expect((await act('approve', held[7] as number)).statusCode).toBe(200);
    expect(ids(await page(sport))).toEqual([held[7]]);
  });

  it('a rejected comment leaves the thread; with visible replies it stays as a placeholder', async () => {
    const a = await article('Trådar');
    const lonely = (await visitor(a, 'Ensam')).json() as Comment;
    const parent = (await visitor(a, 'Förälder')).json() as Comment;
    const reply = (await asUser(reader, a, 'Svar', parent.id)).json() as Comment;
    expect((await act('reject', lonely.id, admin, 'Spam')).json()).toEqual({
      msg: 'Kommentaren är avvisad',
      comment_id: lonely.id,
      moderation_status: 'rejected',
    });
    expect((await act('reject', parent.id)).statusCode).toBe(200);
    const p = await page(a);
    expect(ids(p)).toEqual([parent.id]);
    expect(p.comments[0]).toMatchObject({ content: '', name: '', moderation_status: 'rejected', author_id: null });
    expect(p.comments[0]?.replies.map((r) => [r.id, r.content])).toEqual([[reply.id, 'Svar']]);
    expect(p.total).toBe(1);
    // its replies page too
    const replies = (await t.app.inject({ url: `/api/comments/${parent.id}/replies` })).json();
    expect(replies.replies.map((r: Comment) => r.id)).toEqual([reply.id]);
    expect((await t.app.inject({ url: `/api/comments/${lonely.id}/replies` })).statusCode).toBe(404);
    // rejected twice is logged once per action, newest first, with who did it
    // (each rejection also sent its commenter a statement of reasons: issue 43, DSA Art. 17)
    const audit = (
      await t.app.inject({ url: '/api/moderation/audit?limit=4', headers: admin.headers })
    ).json() as AuditPage;
    expect(audit.entries.map((e) => [e.action, e.comment_id, e.actor_name, e.detail])).toEqual([
      ['dsa-statement', parent.id, 'mod_admin Testsson', expect.stringMatching(/^BES-\d{4}-[0-9A-F]{10}$/)],
      ['reject', parent.id, 'mod_admin Testsson', null],
      ['dsa-statement', lonely.id, 'mod_admin Testsson', expect.stringMatching(/^BES-\d{4}-[0-9A-F]{10}$/)],
      ['reject', lonely.id, 'mod_admin Testsson', 'Spam'],
    ]);
    expect(audit.next_cursor).not.toBeNull();
    const next = (
      await t.app.inject({ url: `/api/moderation/audit?limit=2&cursor=${audit.next_cursor}`, headers: admin.headers })
    ).json() as AuditPage;
    expect(next.entries[0]?.id).toBeLessThan(audit.entries[1]?.id as number);
  });

  it('the total moves once when a hidden comment is then rejected (it crossed the visible line once)', async () => {
    await settings({ report_threshold: 2 });
    try {
      const a = await article('Räknas en gång');
      const stays = (await visitor(a, 'Står kvar')).json() as Comment;
      const c = (await visitor(a, 'Anmäld')).json() as Comment;
      expect((await page(a)).total).toBe(2);
      expect((await report(c.id, 'spam')).statusCode).toBe(201);
      expect((await report(c.id, 'hate')).statusCode).toBe(201);
      expect((await page(a)).total).toBe(1);
      expect((await act('reject', c.id)).statusCode).toBe(200);
      const after = await page(a);
      expect(ids(after)).toEqual([stays.id]);
      expect(after.total).toBe(1);
    } finally {
      await settings();
    }
  });

  it('an approved held reply tells the parent’s author and the writer, as a new one would; held, it told no one', async () => {
    const titles = async (who: Who) =>
      (
        (await t.app.inject({ url: '/api/notifications?limit=100', headers: who.headers })).json() as {
          title: string;
          action_url: string;
        }[]
      ).map((n) => [n.title, n.action_url]);
    const asker = await userWithToken(t, 'mod_fragare', 'user');
    const a = await article('Svar i kön');
    const parent = (await asUser(asker, a, 'En fråga')).json() as Comment;
    const writerBefore = (await titles(writer)).length;
    await settings({ mode: 'all' });
    try {
      const held = (await visitor(a, 'Ett väntande svar', { parentId: parent.id })).json() as Comment;
      expect(held.moderation_status).toBe('pending');
      expect(await titles(asker)).toEqual([]);
      expect((await titles(writer)).length).toBe(writerBefore);
      expect((await act('approve', held.id)).statusCode).toBe(200);
      const slug = (await t.app.inject({ url: `/api/articles/${a}` })).json().slug as string;
      expect(await titles(asker)).toEqual([
        ['Vera Besökare svarade på din kommentar', `/article/${slug}#comment-${held.id}`],
      ]);
      expect((await titles(writer)).slice(0, 1)).toEqual([
        ['Ny kommentar på "Svar i kön"', `/article/${slug}#comment-${held.id}`],
      ]);
      expect((await titles(writer)).length).toBe(writerBefore + 1);
    } finally {
      await settings();
    }
  });

  it('the queue says who wrote a held comment (account or none) and what a held reply answers', async () => {
    const a = await article('Vem skrev vad');
    const asked = (await asUser(reader, a, 'Synlig fråga')).json() as Comment;
    await settings({ mode: 'all' });
    try {
      const byVisitor = (
        await visitor(a, 'Besökarens svar', { parentId: asked.id, email: 'vem@example.se' })
      ).json() as Comment;
      const byReader = (await asUser(reader, a, 'Läsarens egen')).json() as Comment;
      const items = (await queue(`tab=pending&articleId=${a}`)).items;
      const item = (id: number) => items.find((i) => i.comment.id === id);
      expect(item(byVisitor.id)?.commenter).toMatchObject({
        user_id: null,
        name: 'Vera Besökare',
        email: 'vem@example.se',
      });
      expect(item(byVisitor.id)?.comment.email).toBe('vem@example.se');
      expect(item(byVisitor.id)?.parent).toEqual({
        id: asked.id,
        name: 'mod_lasare Testsson',
        content: 'Synlig fråga',
        isDeleted: false,
        moderation_status: 'visible',
      });
      expect(item(byReader.id)?.commenter).toMatchObject({ user_id: reader.id, name: 'mod_lasare Testsson' });
      expect(item(byReader.id)?.parent).toBeNull();
    } finally {
      await settings();
    }
  });

  it('a reader deletes their own held comment: it leaves the queue, and the total of visible comments stays', async () => {
    const a = await article('Ångrat');
    const shown = (await visitor(a, 'Syns redan')).json() as Comment;
    await settings({ mode: 'all' });
    try {
      const held = await asUser(reader, a, 'Ångrar mig');
      // the answer is the writer's own held comment, text and all
      expect(held.json()).toMatchObject({ moderation_status: 'pending', content: 'Ångrar mig', author_id: reader.id });
      const id = held.json().id as number;
      expect((await queue(`tab=pending&articleId=${a}`)).items.map((i) => i.comment.id)).toEqual([id]);
      const gone = await t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: reader.headers });
      expect(gone.statusCode, gone.body).toBe(200);
      expect((await queue(`tab=pending&articleId=${a}`)).items).toEqual([]);
      const items = await t.dbh.db
        .selectFrom('moderation_items')
        .select('comment_id')
        .where('comment_id', '=', id)
        .execute();
      expect(items).toEqual([]);
      const after = await page(a);
      expect(ids(after)).toEqual([shown.id]);
      expect(after.total).toBe(1);
    } finally {
      await settings();
    }
  });

  it('a reported comment deleted by its author while it has replies leaves the queue with its reports', async () => {
    const a = await article('Anmäld och ångrad');
    const own = (await asUser(reader, a, 'Anmäld men besvarad')).json() as Comment;
    await visitor(a, 'Ett svar', { parentId: own.id });
    expect((await report(own.id, 'spam')).statusCode).toBe(201);
    expect((await queue(`tab=reported&articleId=${a}`)).items.map((i) => i.comment.id)).toEqual([own.id]);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/comments/${own.id}`, headers: reader.headers });
    expect(gone.statusCode, gone.body).toBe(200);
    // a placeholder stays for its reply, but nothing is left to moderate
    expect((await page(a)).comments[0]).toMatchObject({ id: own.id, isDeleted: true });
    expect((await queue(`tab=reported&articleId=${a}`)).items).toEqual([]);
    const left = await t.dbh.db
      .selectFrom('moderation_reports')
      .select('id')
      .where('comment_id', '=', own.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('writers moderate comments on their own articles only', async () => {
    const other = await userWithToken(t, 'mod_annan_skribent', 'writer');
    await settings({ mode: 'all' });
    let mine: number;
    let theirs: number;
    try {
      const own = await article('Skribentens egen');
      const foreign = await article('Någon annans', 'NYHETER', other);
      mine = (await visitor(own, 'På min artikel')).json().id;
      theirs = (await visitor(foreign, 'På annans artikel')).json().id;
    } finally {
      await settings();
    }
    const q = await queue('tab=pending&limit=50', writer);
    expect(q.items.map((i) => i.comment.id)).toContain(mine);
    expect(q.items.map((i) => i.comment.id)).not.toContain(theirs);
    expect(q.items.every((i) => i.commenter.email === null && i.comment.email === null)).toBe(true);
    expect((await act('approve', theirs, writer)).statusCode).toBe(403);
    expect((await act('approve', theirs, writer)).json()).toEqual({ msg: MODERATION_MSG.notYourArticle });
    expect((await act('approve', mine, writer)).statusCode).toBe(200);
    const count = (await t.app.inject({ url: '/api/moderation/queue/count', headers: other.headers })).json();
    expect(count.pending).toBe(1);
  });

  it('tells the admins once when the queue passes its threshold', async () => {
    const a = await article('Kölarm');
    const before = (
      await t.app.inject({ url: '/api/moderation/queue/count', headers: admin.headers })
    ).json() as QueueCount;
    const threshold = before.pending + 2;
    await settings({ mode: 'all', queue_alert_threshold: threshold });
    try {
      await t.dbh.db.updateTable('moderation_settings').set({ alerted: 0 }).execute();
      for (let i = 0; i < 4; i++) await visitor(a, `Larm ${i}`);
    } finally {
      await settings();
    }
    const notes = (await t.app.inject({ url: '/api/notifications?limit=100', headers: admin.headers })).json() as {
      title: string;
      message: string;
      action_url: string;
    }[];
    const alerts = notes.filter((n) => n.title === 'Granskningskön växer');
    expect(alerts).toEqual([
      expect.objectContaining({
        message: `${threshold} kommentarer väntar på granskning.`,
        action_url: '/admin/moderation',
      }),
    ]);
  });

  it('admins read and edit the settings; bad word lists are refused with a message', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/moderation/settings',
      headers: admin.headers,
      payload: { ...MODERATION_DEFAULTS, banned_words: [{ word: '<script>', word_beginning: false }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain(MODERATION_MSG.wordInvalid);
    const saved = await settings({
      suspect_words: [
        { word: 'Fuskare', word_beginning: true },
        { word: 'fuskare', word_beginning: false },
      ],
    });
    expect(saved.suspect_words).toEqual([{ word: 'Fuskare', word_beginning: true }]);
    const audit = (
      await t.app.inject({ url: '/api/moderation/audit?limit=1', headers: admin.headers })
    ).json() as AuditPage;
    expect(audit.entries[0]).toMatchObject({ action: 'settings', detail: 'misstänkta ord tillagda: Fuskare*' });
    await settings();
  });
});
