import { GIFT_REDEEM_PATH, REVENUE_MSG } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, makeAuthor, type TestApp } from '../../../test/helpers.js';
import { fakeStripe, signed, WEBHOOK_SECRET } from '../../../test/stripe-fake.js';
import { giftMail } from './gift-mail.js';
import { addMonths } from './gifts.js';

const LOCKED = 'PRESENTENS-LASTA-FORTSATTNING';
const now = () => Math.floor(Date.now() / 1000);
const DAY_MS = 86_400_000;

describe.each(dialects)('gift subscriptions on %s (issue 42)', (dialect) => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof fakeStripe>>;
  type Who = Awaited<ReturnType<typeof userWithToken>>;
  let admin: Who;
  let buyer: Who;
  let recipient: Who;
  let other: Who;
  let payer: Who;
  let planId: number;
  let yearOnly: number;
  let articleId: number;

  const post = (e: { payload: string; header: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': e.header },
      payload: e.payload,
    });
  const send = async (e: { payload: string; header: string }) => {
    const res = await post(e);
    await t.app.services.revenue.processStripeEvents();
    return res;
  };
  const get = (url: string, who?: Who) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
  const redeem = (token: string, who?: Who) =>
    t.app.inject({ method: 'POST', url: `/api/gifts/${token}/redeem`, headers: who?.headers ?? {} });
  /** Stripe's `checkout.session.completed` for a gift's session, as the metadata we sent comes back. */
  const completed = (id: string, who: Who, meta: Record<string, string> = {}, fields: Record<string, unknown> = {}) =>
    signed(
      'checkout.session.completed',
      {
        id,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: 35700,
        client_reference_id: String(who.id),
        metadata: { kind: 'gift', userId: String(who.id), planId: String(planId), months: '3', ...meta },
        ...fields,
      },
      now(),
    );
  const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

  beforeAll(async () => {
    fake = await fakeStripe();
    t = await createTestApp(dialect, {
      env: { STRIPE_SECRET_KEY: 'sk_test_vaggen', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
    });
    admin = await userWithToken(t, 'presentadmin', 'admin');
    buyer = await userWithToken(t, 'givaren', 'user', { fullName: 'Greta Givare' });
    recipient = await userWithToken(t, 'mottagaren', 'user');
    other = await userWithToken(t, 'nyfikna', 'user');
    payer = await userWithToken(t, 'betalarprenumerant', 'user');
    const revenue = t.app.services.revenue;
    planId = (
      await revenue.createPlan({
        name: 'Plus',
        benefits: ['Alla artiklar'],
        price_month_sek: 119,
        price_year_sek: 1190,
        trial_days: 0,
        on_sale: true,
      })
    ).id;
    yearOnly = (
      await revenue.createPlan({
        name: 'Årsvis',
        benefits: [],
        price_month_sek: null,
        price_year_sek: 990,
        trial_days: 0,
        on_sale: true,
      })
    ).id;
    const a = await t.app.services.articles.create({
      title: 'Låst för presenten',
      content: `<p>Ingressen är fri.</p><hr data-paywall=""><p>${LOCKED} resten.</p>`,
      category: 'NYHETER',
      authorId: await makeAuthor(t),
      authorName: 'Sara Skribent',
      featuredImage: null,
      access: 'subscribers',
    });
    articleId = a.id;
  });
  afterAll(async () => {
    await t?.close();
    fake?.close();
  });

  it('checkout: one payment (mode payment) for the months at the plan’s price incl. VAT; bad input is a Swedish 4xx', async () => {
    const checkout = (payload: Record<string, unknown>, who: Who | null = buyer) =>
      t.app.inject({ method: 'POST', url: '/api/gifts/checkout', headers: who?.headers ?? {}, payload });
    const res = await checkout({ planId, months: 3, recipientEmail: 'vannen@example.se', message: 'Grattis!' });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
    const call = fake.calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1);
    expect(call?.body.get('mode')).toBe('payment');
    expect(call?.body.get('line_items[0][price_data][unit_amount]')).toBe('35700');
    expect(call?.body.get('line_items[0][price_data][tax_behavior]')).toBe('inclusive');
    expect(call?.body.has('line_items[0][price_data][recurring][interval]')).toBe(false);
    expect(call?.body.get('metadata[kind]')).toBe('gift');
    expect(call?.body.get('metadata[months]')).toBe('3');
    expect(call?.body.get('metadata[recipientEmail]')).toBe('vannen@example.se');
    expect(call?.body.get('metadata[message]')).toBe('Grattis!');
    expect(call?.body.get('success_url')).toContain('/prenumerera/ge-bort?klart=1');
    // twelve months at the yearly price
    expect((await checkout({ planId, months: 12 })).statusCode).toBe(200);
    expect(
      fake.calls
        .filter((c) => c.path === '/v1/checkout/sessions')
        .at(-1)
        ?.body.get('line_items[0][price_data][unit_amount]'),
    ).toBe('119000');
    // a plan sold only by the year has no price for three months
    const noPrice = await checkout({ planId: yearOnly, months: 3 });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json().msg).toBe(REVENUE_MSG.giftNoPrice);
    const months = await checkout({ planId, months: 2 });
    expect(months.statusCode).toBe(400);
    expect(months.json().msg).toContain(REVENUE_MSG.giftMonths);
    const email = await checkout({ planId, months: 1, recipientEmail: 'inte-en-adress' });
    expect(email.statusCode).toBe(400);
    expect(email.json().msg).toContain('Ogiltig e-postadress');
    expect((await checkout({ planId: 999999, months: 1 })).statusCode).toBe(404);
    expect((await checkout({ planId, months: 1 }, null)).statusCode).toBe(401);
    // nothing is written before Stripe says it is paid
    expect(await t.dbh.db.selectFrom('gift_subscriptions').selectAll().execute()).toEqual([]);
  });

  it('a forged webhook is a 400 and writes no gift', async () => {
    const forged = signed(
      'checkout.session.completed',
      { id: 'cs_forged', metadata: { kind: 'gift', userId: String(buyer.id), planId: String(planId), months: '12' } },
      now(),
      { secret: 'whsec_wrong' },
    );
    expect((await post(forged)).statusCode).toBe(400);
    await t.app.services.revenue.processStripeEvents();
    expect(await t.dbh.db.selectFrom('gift_subscriptions').selectAll().execute()).toEqual([]);
  });

  let url = '';
  it('the signed webhook writes the gift once (the event twice, a second event of the same session); the recipient gets one mail', async () => {
    await t.dbh.db.updateTable('users').set({ email: 'givaren@example.se' }).where('id', '=', buyer.id).execute();
    const event = completed('cs_gift_1', buyer, {
      recipientEmail: 'vannen@example.se',
      message: 'Grattis på födelsedagen!',
    });
    expect((await send(event)).statusCode).toBe(200);
    expect((await send(event)).statusCode).toBe(200); // the same event again
    // another event of the same session (Stripe's async success after completed)
    await send(
      signed(
        'checkout.session.async_payment_succeeded',
        {
          id: 'cs_gift_1',
          metadata: { kind: 'gift', userId: String(buyer.id), planId: String(planId), months: '3' },
          amount_total: 35700,
        },
        now(),
      ),
    );
    const rows = await t.dbh.db.selectFrom('gift_subscriptions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      plan_name: 'Plus',
      months: 3,
      amount_ore: 35700,
      recipient_email: 'vannen@example.se',
    });
    // no subscription for the buyer: a gift is not theirs
    expect((await get('/api/subscriptions/mine', buyer)).json()).toBeNull();

    const mine = await get('/api/gifts/mine', buyer);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveLength(1);
    expect(mine.json()[0]).toMatchObject({ plan_name: 'Plus', months: 3, amount_sek: 357, status: 'available' });
    url = mine.json()[0].url;
    expect(url).toMatch(new RegExp(`${GIFT_REDEEM_PATH}/[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{22}$`));
    // only a hash of the token is stored
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(tokenOf(url));
    expect(stored).not.toContain(tokenOf(url).split('.')[0]);

    const mails = await t.dbh.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'kind'])
      .where('kind', '=', 'gift')
      .execute();
    expect(mails).toEqual([
      {
        to_address: 'vannen@example.se',
        subject: 'Greta Givare har gett dig en prenumeration på Väggen',
        kind: 'gift',
      },
    ]);
    // what that mail says (its body is forgotten once sent: the link is in it)
    const m = giftMail(
      { to: 'x@example.se', from: 'Greta', planName: 'Plus', months: 3, message: 'Hej', token: tokenOf(url) },
      'https://vaggen.example',
    );
    expect(m.text).toContain(`https://vaggen.example${GIFT_REDEEM_PATH}/${tokenOf(url)}`);
    expect(m.text).toContain('Plus på Väggen i 3 månader');
  });

  it('a gift without a recipient sends no mail; an unpaid completion writes nothing until its payment succeeds', async () => {
    await send(completed('cs_gift_2', buyer, { months: '1' }, { amount_total: 11900 }));
    await send(completed('cs_gift_pending', buyer, { months: '6' }, { payment_status: 'unpaid' }));
    expect(await t.dbh.db.selectFrom('gift_subscriptions').select('id').execute()).toHaveLength(2);
    await send(
      signed(
        'checkout.session.async_payment_succeeded',
        {
          id: 'cs_gift_pending',
          payment_status: 'paid',
          amount_total: 71400,
          metadata: { kind: 'gift', userId: String(buyer.id), planId: String(planId), months: '6' },
        },
        now(),
      ),
    );
    expect(await t.dbh.db.selectFrom('gift_subscriptions').select('id').execute()).toHaveLength(3);
    expect(await t.dbh.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'gift').execute()).toHaveLength(1);
    const mine = (await get('/api/gifts/mine', buyer)).json();
    expect(mine.map((g: { months: number }) => g.months)).toEqual([6, 1, 3]);
  });

  it('only the buyer sees their gifts', async () => {
    expect((await get('/api/gifts/mine', other)).json()).toEqual([]);
    expect((await get('/api/gifts/mine')).statusCode).toBe(401);
  });

  it('the link shows the plan, the months and the greeting to anyone — never the buyer; unknown and forged are 404', async () => {
    const token = tokenOf(url);
    const res = await get(`/api/gifts/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      plan_name: 'Plus',
      benefits: ['Alla artiklar'],
      months: 3,
      message: 'Grattis på födelsedagen!',
      status: 'available',
      expires_at: expect.any(String),
    });
    expect(res.body).not.toContain('givaren');
    expect(res.body).not.toContain('Greta');
    const [nonce, sig] = token.split('.') as [string, string];
    const forged = await get(`/api/gifts/${nonce}.${sig.slice(1)}A`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().msg).toBe(REVENUE_MSG.giftUnknown);
    expect((await get('/api/gifts/finns-inte')).statusCode).toBe(404);
    expect((await redeem('finns-inte', recipient)).statusCode).toBe(404);
  });

  it('redeeming gives a subscription for the months with access to a locked article; a second redeem is refused in Swedish', async () => {
    const token = tokenOf(url);
    const before = await get(`/api/articles/${articleId}`, recipient);
    expect(before.json().locked).toBe(true);
    expect(before.body).not.toContain(LOCKED);
    expect((await redeem(token)).statusCode).toBe(401);

    const res = await redeem(token, recipient);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: 'gift', status: 'active', has_access: true, plan_name: 'Plus' });
    const end = Date.parse(res.json().current_period_end);
    expect(end).toBeGreaterThan(Date.now() + 88 * DAY_MS);
    expect(end).toBeLessThan(Date.now() + 93 * DAY_MS);
    expect((await get('/api/subscriptions/mine', recipient)).json()).toMatchObject({
      source: 'gift',
      has_access: true,
    });
    const after = await get(`/api/articles/${articleId}`, recipient);
    expect(after.json().locked).toBe(false);
    expect(after.body).toContain(LOCKED);

    const again = await redeem(token, recipient);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(REVENUE_MSG.giftRedeemed);
    const byOther = await redeem(token, other);
    expect(byOther.statusCode).toBe(409);
    expect((await get('/api/subscriptions/mine', other)).json()).toBeNull();
    // the preview says it is used and no longer shows the greeting
    expect((await get(`/api/gifts/${token}`)).json()).toMatchObject({ status: 'redeemed', message: null });
    expect((await get('/api/gifts/mine', buyer)).json().at(-1)).toMatchObject({ status: 'redeemed' });
  });

  it('two redeems at once: one subscription', async () => {
    const g = (await get('/api/gifts/mine', buyer)).json().find((x: { months: number }) => x.months === 1);
    const a = await userWithToken(t, 'samtidigt1', 'user');
    const results = await Promise.all([redeem(tokenOf(g.url), a), redeem(tokenOf(g.url), a)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const subs = await t.dbh.db.selectFrom('subscriptions').select('id').where('user_id', '=', a.id).execute();
    expect(subs).toHaveLength(1);
  });

  it('a reader whose subscription renews is refused (the gift stays); access that ends is extended from its end', async () => {
    const g = (await get('/api/gifts/mine', buyer)).json().find((x: { months: number }) => x.months === 6);
    const token = tokenOf(g.url);
    await send(
      signed(
        'checkout.session.completed',
        {
          id: 'cs_sub_payer',
          customer: `cus_${payer.id}`,
          subscription: 'sub_payer',
          client_reference_id: String(payer.id),
          metadata: { userId: String(payer.id), planId: String(planId) },
        },
        now(),
      ),
    );
    const refused = await redeem(token, payer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(REVENUE_MSG.giftHasSubscription);
    expect((await get(`/api/gifts/${token}`)).json().status).toBe('available');

    // a complimentary subscription until a date: the gift's months start there
    const until = new Date(Date.now() + 40 * DAY_MS).toISOString();
    const granted = await t.app.inject({
      method: 'POST',
      url: '/api/newsroom/subscriptions',
      headers: admin.headers,
      payload: { userId: other.id, planId, until },
    });
    expect(granted.statusCode).toBe(201);
    const res = await redeem(token, other);
    expect(res.statusCode).toBe(200);
    expect(res.json().current_period_end).toBe(addMonths(until, 6));
  });

  it('an expired gift is a 410 in Swedish, for the link and for redeeming', async () => {
    await send(completed('cs_gift_old', buyer, { months: '1' }));
    await t.dbh.db
      .updateTable('gift_subscriptions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('stripe_session_id', '=', 'cs_gift_old')
      .execute();
    const g = (await get('/api/gifts/mine', buyer)).json()[0];
    expect(g.status).toBe('expired');
    const preview = await get(`/api/gifts/${tokenOf(g.url)}`);
    expect(preview.statusCode).toBe(410);
    expect(preview.json().msg).toBe(REVENUE_MSG.giftExpired);
    const late = await redeem(tokenOf(g.url), await userWithToken(t, 'forsenad', 'user'));
    expect(late.statusCode).toBe(410);
  });

  it('the newsroom lists gifts newest first, paged by cursor; readers may not', async () => {
    for (let i = 0; i < 52; i++) await send(completed(`cs_bulk_${i}`, buyer, { months: '1' }));
    const first = await get('/api/newsroom/gifts', admin);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items).toHaveLength(50);
    expect(page1.next).toBe(page1.items[49].id);
    expect(page1.items[0]).toMatchObject({ buyer: 'givaren', buyer_id: buyer.id, status: 'available', months: 1 });
    const page2 = (await get(`/api/newsroom/gifts?after=${page1.next}`, admin)).json();
    expect(page2.next).toBeNull();
    const all = [...page1.items, ...page2.items];
    expect(all).toHaveLength(56);
    expect(new Set(all.map((g: { id: number }) => g.id)).size).toBe(56);
    const redeemed = all.find((g: { months: number; status: string }) => g.status === 'redeemed' && g.months === 3);
    expect(redeemed).toMatchObject({ redeemer: 'mottagaren', recipient_email: 'vannen@example.se' });
    expect((await get('/api/newsroom/gifts', buyer)).statusCode).toBe(403);
    expect((await get('/api/newsroom/gifts')).statusCode).toBe(401);
    expect((await get('/api/newsroom/gifts?after=abc', admin)).statusCode).toBe(400);
  });

  it('the buyer’s download lists their gifts without links; deleting the account keeps them redeemable', async () => {
    const leaving = await userWithToken(t, 'lamnande-givare', 'user');
    await send(completed('cs_leaving', leaving, { months: '6', message: 'Hej då' }));
    const exported = await get('/api/profile/export', leaving);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().gift_subscriptions).toMatchObject([{ plan_name: 'Plus', months: 6, status: 'available' }]);
    expect(exported.json().gift_subscriptions[0].url).toBeUndefined();
    const link = (await get('/api/gifts/mine', leaving)).json()[0].url as string;
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: leaving.headers,
      payload: { password: leaving.password, comments: 'keep' },
    });
    expect(del.statusCode).toBeLessThan(300);
    const row = await t.dbh.db
      .selectFrom('gift_subscriptions')
      .select(['buyer_id', 'message'])
      .where('stripe_session_id', '=', 'cs_leaving')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ buyer_id: null, message: null });
    const taker = await userWithToken(t, 'arvtagaren', 'user');
    expect((await redeem(tokenOf(link), taker)).statusCode).toBe(200);
  });

  it('addMonths keeps the day, or the month’s last one', () => {
    expect(addMonths('2026-01-31T10:00:00.000Z', 1)).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths('2026-11-29T12:00:00.000Z', 3)).toBe('2027-02-28T12:00:00.000Z');
    expect(addMonths('2026-05-15T00:00:00.000Z', 12)).toBe('2027-05-15T00:00:00.000Z');
  });
});
