import { REVENUE_MSG, stockholmDay } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { fakeStripe, signed, WEBHOOK_SECRET } from '../../../test/stripe-fake.js';

const DAY_MS = 86_400_000;

describe.each(dialects)('Revenue over time and offers on %s (issue 42)', (dialect) => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof fakeStripe>>;
  let admin: Awaited<ReturnType<typeof userWithToken>>;
  let reader: Awaited<ReturnType<typeof userWithToken>>;
  let planId: number;
  let monthOnly: number;

  beforeAll(async () => {
    fake = await fakeStripe();
    t = await createTestApp(dialect, {
      env: { STRIPE_SECRET_KEY: 'sk_test_vaggen', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
    });
    admin = await userWithToken(t, 'intaktsadmin', 'admin');
    reader = await userWithToken(t, 'erbjudandelasare', 'user');
    const revenue = t.app.services.revenue;
    planId = (
      await revenue.createPlan({
        name: 'Plus',
        benefits: [],
        price_month_sek: 119,
        price_year_sek: 1190,
        trial_days: 0,
        on_sale: true,
      })
    ).id;
    monthOnly = (
      await revenue.createPlan({
        name: 'Bas',
        benefits: [],
        price_month_sek: 49,
        price_year_sek: null,
        trial_days: 0,
        on_sale: true,
      })
    ).id;
  });
  afterAll(async () => {
    await t?.close();
    fake?.close();
  });

  const at = (ms: number) => new Date(ms).toISOString();
  /** Subscriptions as the webhooks or the newsroom leave them, written directly. */
  async function seedSubscriptions(userId: number) {
    const now = Date.now();
    const row = (f: Record<string, unknown>) => ({
      user_id: userId,
      plan_id: planId,
      plan_name: 'Plus',
      source: 'stripe',
      status: 'active',
      interval: 'month',
      current_period_end: at(now + 20 * DAY_MS),
      created_at: at(now),
      updated_at: at(now),
      ...f,
    });
    await t.dbh.db
      .insertInto('subscriptions')
      .values([
        row({}), // 119
        row({ interval: 'year' }), // 1190 / 12
        row({ interval: null, plan_id: monthOnly, plan_name: 'Bas' }), // 49 (period not told yet: monthly)
        row({ status: 'canceled' }), // 119 until its period ends
        row({ status: 'trialing' }), // no revenue yet
        row({ status: 'past_due', past_due_since: at(now - DAY_MS) }), // 119, inside the 3-day grace
        row({ status: 'past_due', past_due_since: at(now - 30 * DAY_MS) }), // grace over: not counted
        row({ status: 'active', current_period_end: at(now - DAY_MS) }), // ran out: not counted
        row({ status: 'ended' }),
        row({ source: 'complimentary', interval: null }), // active, no revenue
      ])
      .execute();
  }

  it('measures MRR and the counts in SQL; one row per Swedish day however often or on however many processes', async () => {
    const subscriber = await userWithToken(t, 'siffror', 'user');
    await seedSubscriptions(subscriber.id);
    const grace = (await t.app.services.settings.get()).past_due_grace_days;
    expect(grace).toBeGreaterThanOrEqual(2);
    const mrr = 119 + 1190 / 12 + 49 + 119 + 119;
    const summary = await t.app.inject({ method: 'GET', url: '/api/newsroom/revenue', headers: admin.headers });
    expect(summary.json().mrr_sek).toBe(Math.round(mrr * 100) / 100);

    const revenue = t.app.services.revenue;
    const now = new Date();
    // the job measured the empty paper at start: today's row is there, and stays
    const day = stockholmDay(now.getTime());
    const atStart = await t.dbh.db
      .selectFrom('revenue_snapshots')
      .selectAll()
      .where('day', '=', day)
      .executeTakeFirst();
    expect(atStart && Number(atStart.active)).toBe(0);
    expect(await revenue.snapshotDue(now)).toBeNull();
    await t.dbh.db.deleteFrom('revenue_snapshots').execute();
    // two runs at once (two processes whose leases overlapped): one row
    const runs = await Promise.all([revenue.snapshotDue(now), revenue.snapshotDue(now)]);
    expect(runs.filter((r) => r === day)).toHaveLength(1);
    const first = await t.dbh.db
      .selectFrom('revenue_snapshots')
      .selectAll()
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    expect(Number(first.mrr_sek)).toBe(Math.round(mrr * 100) / 100);
    expect([first.active, first.trialing, first.past_due, first.canceled].map(Number)).toEqual([4, 1, 1, 1]);
    // a rerun later that day, after a change: the day stays as measured
    await t.app.inject({
      method: 'POST',
      url: '/api/newsroom/subscriptions',
      headers: admin.headers,
      payload: { userId: reader.id, planId, until: at(Date.now() + 5 * DAY_MS) },
    });
    expect(await revenue.snapshotDue(new Date(now.getTime() + 60_000))).toBeNull();
    const again = await t.dbh.db
      .selectFrom('revenue_snapshots')
      .selectAll()
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    expect(again).toEqual(first);
    await t.dbh.db.deleteFrom('subscriptions').where('user_id', '=', reader.id).execute();
  });

  it('the newsroom reads the last N days (at most 400), oldest first; only admins', async () => {
    const today = Date.now();
    const old = (daysAgo: number, mrr: number) => ({
      day: stockholmDay(today - daysAgo * DAY_MS),
      mrr_sek: mrr,
      active: 10,
      trialing: 1,
      past_due: 0,
      canceled: 2,
      taken_at: at(today - daysAgo * DAY_MS),
    });
    await t.dbh.db
      .insertInto('revenue_snapshots')
      .values([old(3, 500), old(1, 700), old(450, 1)])
      .execute();
    const get = (q: string, who = admin) =>
      t.app.inject({ method: 'GET', url: `/api/newsroom/revenue/history${q}`, headers: who.headers });
    const week = await get('?days=7');
    expect(week.statusCode).toBe(200);
    const days = week.json().days as { day: string; mrr_sek: number }[];
    expect(days.map((d) => d.mrr_sek).slice(0, 2)).toEqual([500, 700]);
    expect(days).toHaveLength(3);
    expect(days.map((d) => d.day)).toEqual([...days.map((d) => d.day)].sort());
    expect((await get('?days=2')).json().days).toHaveLength(2);
    expect((await get('')).json().days).toHaveLength(3); // 90 by default: not the one 450 days ago
    expect((await get('?days=400')).json().days).toHaveLength(3);
    expect((await get('?days=401')).statusCode).toBe(400);
    expect((await get('?days=0')).statusCode).toBe(400);
    expect((await get('?days=abc')).statusCode).toBe(400);
    expect((await get('?days=7', reader)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/newsroom/revenue/history' })).statusCode).toBe(401);
  });

  it('an admin creates an offer; codes are case-insensitive and unique; bad offers are 4xx in Swedish', async () => {
    const create = (payload: Record<string, unknown>, who = admin) =>
      t.app.inject({ method: 'POST', url: '/api/newsroom/offers', headers: who.headers, payload });
    const until = stockholmDay(Date.now() + 10 * DAY_MS);
    const res = await create({ planId, code: 'Host50', interval: 'month', percent_off: 50, valid_until: until });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      code: 'HOST50',
      plan_name: 'Plus',
      percent_off: 50,
      redemptions: 0,
      max_redemptions: null,
    });
    const dup = await create({ planId, code: 'hOsT50', interval: 'year', percent_off: 10, valid_until: until });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe(REVENUE_MSG.offerCodeTaken);
    const chars = await create({ planId, code: 'höst 50', interval: 'month', percent_off: 5, valid_until: until });
    expect(chars.statusCode).toBe(400);
    expect(chars.json().msg).toContain(REVENUE_MSG.offerCodeChars);
    const past = await create({ planId, code: 'GAMMAL', interval: 'month', percent_off: 5, valid_until: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().msg).toBe(REVENUE_MSG.offerUntilInPast);
    expect(
      (await create({ planId, code: 'FEL', interval: 'month', percent_off: 5, valid_until: '2026-02-31' })).statusCode,
    ).toBe(400);
    expect(
      (await create({ planId, code: 'NOLL', interval: 'month', percent_off: 0, valid_until: until })).statusCode,
    ).toBe(400);
    const noYear = await create({
      planId: monthOnly,
      code: 'BASAR',
      interval: 'year',
      percent_off: 5,
      valid_until: until,
    });
    expect(noYear.statusCode).toBe(400);
    expect(noYear.json().msg).toBe(REVENUE_MSG.noPriceForInterval);
    expect(
      (await create({ planId: 999999, code: 'INGEN', interval: 'month', percent_off: 5, valid_until: until }))
        .statusCode,
    ).toBe(404);
    expect(
      (await create({ planId, code: 'LASARE', interval: 'month', percent_off: 5, valid_until: until }, reader))
        .statusCode,
    ).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/newsroom/offers', headers: admin.headers });
    expect(list.json().map((o: { code: string }) => o.code)).toEqual(['HOST50']);
  });

  it('the reader sees the price with the code; checkout passes a once-only coupon to Stripe; used up, expired, unknown are 4xx', async () => {
    const until = stockholmDay(Date.now() + 10 * DAY_MS);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/newsroom/offers',
      headers: admin.headers,
      payload: { planId, code: 'ARET25', interval: 'year', percent_off: 25, valid_until: until, max_redemptions: 1 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const quote = await t.app.inject({ method: 'GET', url: '/api/offers/aret25' });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({
      code: 'ARET25',
      plan_id: planId,
      interval: 'year',
      first_price_sek: 892.5,
      regular_price_sek: 1190,
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/offers/finnsinte' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(REVENUE_MSG.offerNotFound);

    const checkout = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/subscriptions/checkout', headers: reader.headers, payload });
    const wrong = await checkout({ planId, interval: 'month', offerCode: 'aret25' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(REVENUE_MSG.offerOtherPlan);
    fake.calls.length = 0;
    expect((await checkout({ planId, interval: 'year', offerCode: ' Aret25 ' })).statusCode).toBe(200);
    expect((await checkout({ planId, interval: 'year', offerCode: 'ARET25' })).statusCode).toBe(200);
    const coupons = fake.calls.filter((c) => c.path === '/v1/coupons');
    expect(coupons).toHaveLength(1); // made once, kept with the offer
    expect(coupons[0]?.body.get('duration')).toBe('once');
    expect(coupons[0]?.body.get('percent_off')).toBe('25');
    expect(coupons[0]?.body.get('max_redemptions')).toBe('1');
    expect(Number(coupons[0]?.body.get('redeem_by'))).toBeGreaterThan(Date.now() / 1000);
    const sessions = fake.calls.filter((c) => c.path === '/v1/checkout/sessions');
    expect(sessions).toHaveLength(2);
    for (const s of sessions) {
      expect(s.body.get('discounts[0][coupon]')).toBe('co_test_1');
      expect(s.body.get('line_items[0][price_data][unit_amount]')).toBe('119000');
      expect(s.body.get('metadata[offerId]')).toBe(String(made.json().id));
    }
    const unknownAtCheckout = await checkout({ planId, interval: 'year', offerCode: 'NEJ' });
    expect(unknownAtCheckout.statusCode).toBe(404);

    // Stripe says the checkout completed: the redemption counts, and the code is used up
    const completed = signed(
      'checkout.session.completed',
      {
        id: 'cs_offer',
        object: 'checkout.session',
        customer: `cus_${reader.id}`,
        subscription: 'sub_offer',
        client_reference_id: String(reader.id),
        metadata: { userId: String(reader.id), planId: String(planId), offerId: String(made.json().id) },
      },
      Math.floor(Date.now() / 1000),
    );
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': completed.header },
      payload: completed.payload,
    });
    expect(hook.statusCode).toBe(200);
    await t.app.services.revenue.processStripeEvents();
    const usedUp = await t.app.inject({ method: 'GET', url: '/api/offers/ARET25' });
    expect(usedUp.statusCode).toBe(409);
    expect(usedUp.json().msg).toBe(REVENUE_MSG.offerUsedUp);
    const sub = await t.dbh.db
      .selectFrom('subscriptions')
      .select('offer_id')
      .where('stripe_subscription_id', '=', 'sub_offer')
      .executeTakeFirstOrThrow();
    expect(Number(sub.offer_id)).toBe(made.json().id);

    // past its last day
    await t.dbh.db
      .updateTable('offers')
      .set({ valid_until: at(Date.now() - 1000) })
      .where('code', '=', 'host50')
      .execute();
    const expired = await t.app.inject({ method: 'GET', url: '/api/offers/HOST50' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().msg).toBe(REVENUE_MSG.offerExpired);
  });
  it('no offer on a checkout that starts with a free trial: refused when made, when quoted and at checkout', async () => {
    const until = stockholmDay(Date.now() + 10 * DAY_MS);
    const create = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/newsroom/offers', headers: admin.headers, payload });
    const trial = await t.app.services.revenue.createPlan({
      name: 'Prova',
      benefits: [],
      price_month_sek: 99,
      price_year_sek: null,
      trial_days: 14,
      on_sale: true,
    });
    const onTrial = await create({
      planId: trial.id,
      code: 'PROVA50',
      interval: 'month',
      percent_off: 50,
      valid_until: until,
    });
    expect(onTrial.statusCode).toBe(400);
    expect(onTrial.json().msg).toBe(REVENUE_MSG.offerWithTrial);

    // an offer made before its plan was given a trial
    const later = await t.app.services.revenue.createPlan({
      name: 'Senare prov',
      benefits: [],
      price_month_sek: 79,
      price_year_sek: null,
      trial_days: 0,
      on_sale: true,
    });
    expect(
      (await create({ planId: later.id, code: 'SENARE', interval: 'month', percent_off: 50, valid_until: until }))
        .statusCode,
    ).toBe(201);
    await t.app.services.revenue.updatePlan(later.id, {
      name: 'Senare prov',
      benefits: [],
      price_month_sek: 79,
      price_year_sek: null,
      trial_days: 7,
      on_sale: true,
    });
    const quote = await t.app.inject({ method: 'GET', url: '/api/offers/senare' });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().msg).toBe(REVENUE_MSG.offerWithTrial);
    const newcomer = await userWithToken(t, 'provlasaren', 'user');
    fake.calls.length = 0;
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/checkout',
      headers: newcomer.headers,
      payload: { planId: later.id, interval: 'month', offerCode: 'SENARE' },
    });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json().msg).toBe(REVENUE_MSG.offerWithTrial);
    expect(fake.calls).toEqual([]); // nothing asked of Stripe
    // without the code the trial checkout goes ahead
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/checkout',
      headers: newcomer.headers,
      payload: { planId: later.id, interval: 'month' },
    });
    expect(plain.statusCode).toBe(200);
  });
});
