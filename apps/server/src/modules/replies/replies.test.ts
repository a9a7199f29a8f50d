import type { ReplyCase, ReplyCasePage } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/**
 * Issue 43: a request for a right of reply (genmäle) through every state, on every database, with
 * the mails arriving at a real SMTP server; a published reply and its article link to each other.
 */
describe.each(dialects)('the right of reply on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: Who;
  let writer: Who;
  let article: { id: number; slug: string };
  let ip = 0;
  const nextIp = () => `10.44.${Math.floor(++ip / 250)}.${ip % 250}`;
  const ask = (payload: object, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/replies', payload, remoteAddress });
  const decide = (id: number, payload: object, who: Who = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/newsroom/replies/${id}`, payload, headers: who.headers });
  /** The mail with this subject, once it has arrived (mails arrive in their own time and order). */
  const mailWith = async (subject: string) => {
    const until = Date.now() + 10_000;
    for (;;) {
      const found = smtp.received.find((m) => m.subject === subject);
      if (found) return found;
      if (Date.now() > until)
        throw new Error(`no mail "${subject}" among ${smtp.received.map((m) => m.subject).join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const publish = async (title: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: writer.headers,
      payload: { title, content: '<p>Text.</p>', category: 'OPINION' },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; slug: string };
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://vaggen.test' } });
    admin = await userWithToken(t, 'genmale_admin', 'admin', { fullName: 'Karin Lund' });
    writer = await userWithToken(t, 'genmale_skribent', 'writer');
    article = await publish('Kommunalrådet kritiseras för bygglov');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('takes a request with a case number and mails a receipt; bad requests get their reason', async () => {
    const cases: [object, number, string][] = [
      [{ articleId: article.id, email: 'a@example.se', text: 'Genmäle.' }, 400, 'Skriv ditt namn'],
      [{ articleId: article.id, name: 'Bo', text: 'Genmäle.' }, 400, 'Ange en e-postadress så att vi kan svara dig'],
      [{ articleId: article.id, name: 'Bo', email: 'nej', text: 'Genmäle.' }, 400, 'Ogiltig e-postadress'],
      [{ articleId: article.id, name: 'Bo', email: 'bo@example.se', text: ' ' }, 400, 'Skriv ditt genmäle'],
      [
        { articleId: article.id, name: 'Bo', email: 'bo@example.se', text: 'x'.repeat(10_001) },
        400,
        'Genmälet får vara högst 10000 tecken',
      ],
      [{ articleId: 999_999, name: 'Bo', email: 'bo@example.se', text: 'Genmäle.' }, 404, 'Artikeln finns inte'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await ask(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json()).toEqual({ msg });
    }
    const res = await ask({
      articleId: article.id,
      name: 'Bo Berg',
      email: 'bo.berg@example.se',
      text: 'Artikeln påstår att jag beviljade bygglovet. Det gjorde byggnadsnämnden.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().case_number).toMatch(/^GEN-\d{4}-[0-9A-F]{8}$/);
    const receipt = await mailWith(`Vi har tagit emot din begäran om genmäle (${res.json().case_number})`);
    expect(receipt.to && 'text' in receipt.to ? receipt.to.text : '').toBe('bo.berg@example.se');
    expect(receipt?.text).toContain('Kommunalrådet kritiseras för bygglov');
  });

  it('goes mottagen → beviljad → publicerad, mailing each decision; the reply and its article link to each other', async () => {
    const { case_number } = (
      await ask({ articleId: article.id, name: 'Eva Ek', email: 'eva.ek@example.se', text: 'Jag vill svara.' })
    ).json();
    const list = (
      await t.app.inject({ url: '/api/newsroom/replies?status=received', headers: admin.headers })
    ).json() as ReplyCasePage;
    const c = list.items.find((i) => i.case_number === case_number) as ReplyCase;
    expect(c).toMatchObject({
      status: 'received',
      name: 'Eva Ek',
      article: { id: article.id, url: `/article/${article.slug}` },
    });
    expect((await t.app.inject({ url: '/api/newsroom/replies', headers: writer.headers })).statusCode).toBe(403);
    expect((await decide(c.id, { status: 'granted' }, writer)).statusCode).toBe(403);

    // Not straight to published; no publication without the reply's article.
    const skip = await decide(c.id, { status: 'published', reply_article_id: article.id });
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({ msg: 'Ärendet kan inte flyttas dit från sitt nuvarande läge' });
    const granted = await decide(c.id, { status: 'granted' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ status: 'granted', decided_by: 'Karin Lund' });
    const grantMail = await mailWith(`Besked om ditt genmäle (${case_number}): Beviljad`);
    expect(grantMail.text).toContain('Vi publicerar ditt genmäle så snart som möjligt');
    expect((await decide(c.id, { status: 'published' })).json()).toEqual({
      msg: 'Ange den publicerade artikeln med genmälet',
    });

    // The article page is cached before the reply is published: the link must reach it anyway.
    const replyArticle = await publish('Genmäle: Byggnadsnämnden beviljade bygglovet');
    expect(await t.app.services.replies.linksFor(article.id)).toEqual({ replies: [], replyTo: null });
    const published = await decide(c.id, { status: 'published', reply_article_id: replyArticle.id });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().reply_article).toEqual({
      id: replyArticle.id,
      title: 'Genmäle: Byggnadsnämnden beviljade bygglovet',
      url: `/article/${replyArticle.slug}`,
    });
    const pubMail = await mailWith(`Besked om ditt genmäle (${case_number}): Publicerad`);
    expect(pubMail.text).toContain(`https://vaggen.test/article/${replyArticle.slug}`);
    expect(await t.app.services.replies.linksFor(article.id)).toEqual({
      replies: [{ title: 'Genmäle: Byggnadsnämnden beviljade bygglovet', url: `/article/${replyArticle.slug}` }],
      replyTo: null,
    });
    expect(await t.app.services.replies.linksFor(replyArticle.id)).toEqual({
      replies: [],
      replyTo: { title: 'Kommunalrådet kritiseras för bygglov', url: `/article/${article.slug}` },
    });
    // A published case is final.
    expect((await decide(c.id, { status: 'rejected', decision_text: 'Nej.' })).statusCode).toBe(409);
  });

  it('a rejection needs reasons, which the requester gets with where to turn next', async () => {
    const { case_number } = (
      await ask({ articleId: article.id, name: 'Ove Ås', email: 'ove@example.se', text: 'Allt är fel.' })
    ).json();
    const c = (
      (
        await t.app.inject({ url: '/api/newsroom/replies?status=received', headers: admin.headers })
      ).json() as ReplyCasePage
    ).items.find((i) => i.case_number === case_number) as ReplyCase;
    const bare = await decide(c.id, { status: 'rejected' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({ msg: 'Ett avslag ska motiveras' });
    const rejected = await decide(c.id, { status: 'rejected', decision_text: 'Artikeln nämner dig inte.' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', decision_text: 'Artikeln nämner dig inte.' });
    const mail = await mailWith(`Besked om ditt genmäle (${case_number}): Avslagen`);
    expect(mail.text).toContain('Motivering: Artikeln nämner dig inte.');
    expect(mail.text).toContain('Allmänhetens Medieombudsman');
  });
});
