import type { DsaNoticePage, DsaStatement, Notification, TransparencyReport } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/**
 * Issue 43 through HTTP on every database: a DSA notice → a moderator's decision → the commenter's
 * statement of reasons → an appeal decided by another moderator → the transparency report; a
 * moderator's own rejection and an automatic hiding also give statements; every step audited.
 */
describe.each(dialects)('the Digital Services Act on %s', (dialect) => {
  let t: TestApp;
  let first: Who;
  let second: Who;
  let writer: Who;
  let reader: Who;
  let other: Who;
  let slug: string;
  let articleId: number;
  let ip = 0;
  const nextIp = () => `10.43.${Math.floor(++ip / 250)}.${ip % 250}`;
  const post = (url: string, payload: object, who?: Who, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url, payload, headers: who?.headers ?? {}, remoteAddress });
  const get = (url: string, who?: Who) => t.app.inject({ url, headers: who?.headers ?? {} });
  const visitorComment = async (content: string, email = 'vera@example.se') => {
    const res = await post('/api/comments', { articleId, name: 'Vera Besökare', email, content, parentId: null });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const mailsTo = (to: string) =>
    t.dbh.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text', 'kind'])
      .where('to_address', '=', to)
      .orderBy('id')
      .execute();
  const visible = async (commentId: number) =>
    ((await get(`/api/comments?articleId=${articleId}&limit=50`)).json().comments as { id: number }[]).some(
      (c) => c.id === commentId,
    );
  const notice = (commentId: number | null, extra: object = {}) =>
    post('/api/dsa/notices', {
      url: `https://vaggen.example/article/${slug}${commentId ? `#comment-${commentId}` : ''}`,
      kind: 'hot',
      explanation: 'Kommentaren hotar en namngiven person till livet.',
      email: 'anmalare@example.se',
      good_faith: true,
      ...extra,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { COMMENTS_PER_MINUTE: '1000', PUBLIC_URL: 'https://vaggen.example' } });
    first = await userWithToken(t, 'dsa_forsta', 'admin', { fullName: 'Första Moderatorn' });
    second = await userWithToken(t, 'dsa_andra', 'admin', { fullName: 'Andra Moderatorn' });
    writer = await userWithToken(t, 'dsa_skribent', 'writer');
    reader = await userWithToken(t, 'dsa_lasare', 'user');
    other = await userWithToken(t, 'dsa_annan', 'user');
    const a = await post(
      '/api/articles',
      { title: 'Debatten om hamnen', content: '<p>Text.</p>', category: 'NYHETER' },
      writer,
    );
    expect(a.statusCode).toBe(201);
    slug = a.json().slug;
    articleId = a.json().id;
  });
  afterAll(() => t?.close());

  it('takes a notice with a case number and a receipt; bad notices get their reason', async () => {
    const commentId = await visitorComment('Jag vet var du bor och jag kommer.');
    const cases: [object, string][] = [
      [{ good_faith: false }, 'Du måste intyga att uppgifterna är riktiga och lämnas i god tro'],
      [{ url: 'https://example.org/annat' }, 'Ange adressen till en artikel eller en kommentar på Väggen.'],
      [{ url: `/article/${slug}#comment-999999` }, 'Ange adressen till en artikel eller en kommentar på Väggen.'],
      [{ url: '/article/finns-inte' }, 'Ange adressen till en artikel eller en kommentar på Väggen.'],
      [{ kind: 'tråkigt' }, 'Välj vilken sorts olagligt innehåll det gäller'],
      [{ explanation: '  ' }, 'Förklara varför innehållet är olagligt'],
      [{ email: 'inte-en-adress' }, 'Ogiltig e-postadress'],
    ];
    for (const [extra, msg] of cases) {
      const res = await notice(commentId, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json(), JSON.stringify(extra)).toEqual({ msg });
    }
    const res = await notice(commentId);
    expect(res.statusCode, res.body).toBe(201);
    const { case_number, msg } = res.json();
    expect(case_number).toMatch(/^DSA-\d{4}-[0-9A-F]{10}$/);
    expect(msg).toBe(
      `Tack! Din anmälan har tagits emot med ärendenummer ${case_number}. Vi prövar den så snart vi kan.`,
    );
    const receipt = (await mailsTo('anmalare@example.se')).at(-1);
    expect(receipt?.subject).toBe(`Vi har tagit emot din anmälan (${case_number})`);
    // Anonymous notices are allowed (no name, no e-mail).
    const anonymous = await notice(commentId, { email: null, name: null });
    expect(anonymous.statusCode).toBe(201);
  });

  it('a moderator removes the comment; its commenter gets a statement of reasons; another moderator decides the appeal', async () => {
    const commentId = await visitorComment('Du ska få se vad som händer dig.', 'hotare@example.se');
    const sent = (await notice(commentId)).json().case_number as string;
    expect((await get('/api/dsa/notices', writer)).statusCode).toBe(403);
    expect((await get('/api/dsa/notices')).statusCode).toBe(401);
    const page = (await get('/api/dsa/notices?limit=100', first)).json() as DsaNoticePage;
    const item = page.items.find((n) => n.case_number === sent);
    expect(item).toMatchObject({
      kind: 'hot',
      comment: { id: commentId, content: 'Du ska få se vad som händer dig.', status: 'visible' },
      article: { id: articleId, title: 'Debatten om hamnen', url: `/article/${slug}` },
      decision: null,
    });

    const noGround = await post(
      `/api/dsa/notices/${item?.id}/decision`,
      { action: 'removed', text: 'Olaga hot.' },
      first,
    );
    expect(noGround.statusCode).toBe(400);
    expect(noGround.json()).toEqual({ msg: 'Välj grunden för att ta bort innehållet' });
    const decided = await post(
      `/api/dsa/notices/${item?.id}/decision`,
      { action: 'removed', ground: 'illegal', text: 'Kommentaren innehåller ett olaga hot (BrB 4 kap. 5 §).' },
      first,
    );
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().decision).toMatchObject({
      action: 'removed',
      ground: 'illegal',
      decided_by: 'Första Moderatorn',
    });
    expect(await visible(commentId)).toBe(false);
    const again = await post(`/api/dsa/notices/${item?.id}/decision`, { action: 'no_action', text: 'x' }, second);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: 'Anmälan är redan prövad' });
    // The notifier hears the decision; the commenter gets the statement, with a link to appeal.
    expect((await mailsTo('anmalare@example.se')).at(-1)?.subject).toBe(`Beslut om din anmälan (${sent})`);
    const statementMail = (await mailsTo('hotare@example.se')).at(-1);
    expect(statementMail?.subject).toMatch(/^Din kommentar på Väggen har tagits bort \(BES-\d{4}-[0-9A-F]{10}\)$/);
    expect(statementMail?.text).toContain('Grund: Olagligt innehåll enligt svensk lag.');
    expect(statementMail?.text).toContain('Skäl: Kommentaren innehåller ett olaga hot (BrB 4 kap. 5 §).');
    expect(statementMail?.text).toContain('Beslutet fattades av en moderator, utan automatiska verktyg.');
    const link = /(\/overklaga\?arende=(BES-[^&\s]+)&token=([^\s)]+))/.exec(statementMail?.text ?? '');
    expect(link).not.toBeNull();
    const caseNumber = decodeURIComponent(link?.[2] as string);
    const token = decodeURIComponent(link?.[3] as string);

    // Only with the mail's token (or as the commenter's account) can it be read or appealed.
    expect((await get(`/api/dsa/statements/${caseNumber}`)).statusCode).toBe(404);
    expect((await get(`/api/dsa/statements/${caseNumber}?token=${encodeURIComponent(`${token}x`)}`)).statusCode).toBe(
      404,
    );
    const statement = (
      await get(`/api/dsa/statements/${caseNumber}?token=${encodeURIComponent(token)}`)
    ).json() as DsaStatement;
    expect(statement).toMatchObject({
      action: 'removed',
      ground: 'illegal',
      automated: false,
      decided_by: 'Första Moderatorn',
    });
    const forged = await post('/api/dsa/appeals', { case_number: caseNumber, text: 'Orättvist.' });
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toEqual({ msg: 'Ärendet finns inte, eller så är det inte ditt' });
    const appealed = await post('/api/dsa/appeals', {
      case_number: caseNumber,
      text: 'Det var ett skämt mellan vänner.',
      token,
    });
    expect(appealed.statusCode, appealed.body).toBe(201);
    expect(appealed.json().msg).toBe(
      'Din överklagan har tagits emot. En annan moderator än den som fattade beslutet prövar den.',
    );
    expect((await post('/api/dsa/appeals', { case_number: caseNumber, text: 'Igen.', token })).statusCode).toBe(409);

    const open = (await get('/api/dsa/appeals', second)).json();
    const appeal = open.items.find((s: DsaStatement) => s.case_number === caseNumber);
    expect(appeal.appeal).toMatchObject({ text: 'Det var ett skämt mellan vänner.', outcome: null });
    const same = await post(`/api/dsa/appeals/${appeal.id}/decision`, { outcome: 'reversed', text: 'Ok.' }, first);
    expect(same.statusCode).toBe(403);
    expect(same.json()).toEqual({ msg: 'En överklagan ska prövas av en annan moderator än den som fattade beslutet' });
    const reversed = await post(
      `/api/dsa/appeals/${appeal.id}/decision`,
      { outcome: 'reversed', text: 'Sammanhanget visar att det inte var ett hot.' },
      second,
    );
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().appeal).toMatchObject({ outcome: 'reversed', decided_by: 'Andra Moderatorn' });
    expect(await visible(commentId)).toBe(true);
    expect((await mailsTo('hotare@example.se')).at(-1)?.text).toContain(
      'Utfall: Beslutet ändras: kommentaren visas igen.',
    );
    expect(
      (await post(`/api/dsa/appeals/${appeal.id}/decision`, { outcome: 'upheld', text: 'x' }, second)).statusCode,
    ).toBe(409);

    // Every step is in the audit log.
    const log = (await get(`/api/moderation/audit?commentId=${commentId}&limit=50`, first)).json();
    const actions = log.entries.map((i: { action: string }) => i.action);
    for (const a of [
      'dsa-notice',
      'dsa-decision',
      'reject',
      'dsa-statement',
      'dsa-appeal',
      'dsa-appeal-decision',
      'approve',
    ])
      expect(actions, a).toContain(a);
  });

  it("a moderator's own rejection and an automatic hiding give statements too; an account reads and appeals its own", async () => {
    const res = await post(
      '/api/comments',
      { articleId, content: 'Alla politiker är idioter.', parentId: null },
      reader,
    );
    const commentId = res.json().id as number;
    const rejected = await post(`/api/moderation/comments/${commentId}/reject`, { reason: 'Personangrepp.' }, first);
    expect(rejected.statusCode, rejected.body).toBe(200);
    const notes = (await get('/api/notifications', reader)).json() as Notification[];
    const note = notes.find((n) => n.title === 'Din kommentar har tagits bort');
    expect(note?.message).toContain('Grund: Bryter mot Väggens regler för kommentarer.');
    expect(note?.message).toContain('Skäl: Personangrepp.');
    const caseNumber = decodeURIComponent(/arende=([^&]+)/.exec(note?.action_url ?? '')?.[1] as string);
    expect((await get(`/api/dsa/statements/${caseNumber}`, reader)).json()).toMatchObject({ ground: 'terms' });
    expect((await get(`/api/dsa/statements/${caseNumber}`, other)).statusCode).toBe(404);
    expect(
      (await post('/api/dsa/appeals', { case_number: caseNumber, text: 'Det var ironi.' }, other)).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/dsa/appeals', { case_number: caseNumber, text: 'Det var ironi.' }, reader)).statusCode,
    ).toBe(201);
    // The same rejection told twice (the outbox may repeat) gives one statement.
    await t.app.services.dsa.statementFor({ commentId, articleId, from: 'visible', to: 'rejected' });
    const count = await t.dbh.db
      .selectFrom('dsa_statements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('comment_id', '=', commentId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    // Readers' reports reach the threshold (3): hidden automatically, and said so.
    const hiddenId = await visitorComment('Köp billiga klockor här.', 'klockor@example.se');
    for (let i = 0; i < 3; i++)
      expect((await post(`/api/comments/${hiddenId}/reports`, { reason: 'spam' })).statusCode).toBe(201);
    const auto = (await mailsTo('klockor@example.se')).at(-1);
    expect(auto?.subject).toMatch(/^Din kommentar på Väggen har dolts i väntan på granskning/);
    expect(auto?.text).toContain('Beslutet fattades automatiskt');
  });

  it('publishes a transparency report for a period; a bad period is a 400', async () => {
    const year = new Date().toISOString().slice(0, 4);
    const res = await get(`/api/transparency?from=${year}-01-01&to=${year}-12-31`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as TransparencyReport;
    expect(r.notices.total).toBe(3);
    expect(r.notices.by_kind.find((k) => k.kind === 'hot')).toEqual({ kind: 'hot', label: 'Olaga hot', count: 3 });
    expect(r.notices).toMatchObject({ removed: 1, no_action: 0, open: 2 });
    expect(r.notices.median_hours_to_decide).toBeGreaterThanOrEqual(0);
    expect(r.statements).toEqual({ total: 3, automated: 1 });
    expect(r.appeals).toEqual({ total: 2, upheld: 0, reversed: 1, open: 1 });
    const empty = (await get('/api/transparency?from=2020-01-01&to=2020-12-31')).json() as TransparencyReport;
    expect(empty.notices).toMatchObject({ total: 0, median_hours_to_decide: null });
    for (const q of [
      'from=2026-13-40&to=2026-01-01',
      'from=2026-05-01&to=2026-01-01',
      'from=2000-01-01&to=2026-01-01',
      'from=maj',
    ]) {
      const bad = await get(`/api/transparency?${q}`);
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json().msg, q).toBe('Ange en period med från- och tilldatum (ÅÅÅÅ-MM-DD), högst fem år');
    }
  });
});
