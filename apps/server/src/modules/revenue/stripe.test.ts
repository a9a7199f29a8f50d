import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { fakeStripe, signed, WEBHOOK_SECRET } from '../../../test/stripe-fake.js';
import { buildApp } from '../../app.js';
import { openDb } from '../../db/index.js';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

describe.each(dialects)('Stripe on %s (issue 42)', (dialect) => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof fakeStripe>>;
  let reader: Awaited<ReturnType<typeof userWithToken>>;
  let planId: number;

  const post = (app: TestApp['app'], e: { payload: string; header: string }) =>
    app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': e.header },
      payload: e.payload,
    });
  const send = async (e: { payload: string; header: string }, app = t.app) => {
    const res = await post(app, e);
    await app.services.revenue.processStripeEvents();
    return res;
  };
  const mine = async (who = reader) =>
    (await t.app.inject({ method: 'GET', url: '/api/subscriptions/mine', headers: who.headers })).json();
  const sub = (id: string, userId: number, fields: Record<string, unknown>) => ({
    id,
    object: 'subscription',
    customer: `cus_${userId}`,
    metadata: { userId: String(userId), planId: String(planId) },
    cancel_at_period_end: false,
    items: { data: [{ current_period_end: now() + 30 * DAY }] },
    ...fields,
  });

  beforeAll(async () => {
    fake = await fakeStripe();
    t = await createTestApp(dialect, {
      env: { STRIPE_SECRET_KEY: 'sk_test_vaggen', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
    });
    reader = await userWithToken(t, 'betalaren', 'user');
    const plan = await t.app.services.revenue.createPlan({
      name: 'Plus',
      benefits: [],
      price_month_sek: 119,
      price_year_sek: 1190.5,
      trial_days: 0,
      on_sale: true,
    });
    planId = plan.id;
  });
  afterAll(async () => {
    await t?.close();
    fake?.close();
  });

  it('checkout: a Checkout session at Stripe with the price incl. VAT and the metadata; its address back', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/checkout',
      headers: reader.headers,
      payload: { planId, interval: 'year', articleId: 7 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
    const call = fake.calls.find((c) => c.path === '/v1/checkout/sessions');
    expect(call?.body.get('mode')).toBe('subscription');
    expect(call?.body.get('line_items[0][price_data][unit_amount]')).toBe('119050');
    expect(call?.body.get('line_items[0][price_data][currency]')).toBe('sek');
    expect(call?.body.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(call?.body.get('metadata[userId]')).toBe(String(reader.id));
    expect(call?.body.get('metadata[planId]')).toBe(String(planId));
    expect(call?.body.get('metadata[articleId]')).toBe('7');
    const noPlan = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/checkout',
      headers: reader.headers,
      payload: { planId: 99999, interval: 'month' },
    });
    expect(noPlan.statusCode).toBe(404);
  });

  it('forged and stale signatures are a 400 and change nothing', async () => {
    const forged = signed('checkout.session.completed', {}, now(), { secret: 'whsec_wrong' });
    expect((await post(t.app, forged)).statusCode).toBe(400);
    const stale = signed('checkout.session.completed', {}, now(), { timestamp: now() - 3600 });
    expect((await post(t.app, stale)).statusCode).toBe(400);
    expect((await post(t.app, { payload: '{}', header: 'nonsense' })).statusCode).toBe(400);
    expect(await mine()).toBeNull();
  });

  it('checkout → active at once; renewal moves the period; a repeated event changes nothing', async () => {
    const completed = signed(
      'checkout.session.completed',
      {
        id: 'cs_1',
        object: 'checkout.session',
        customer: `cus_${reader.id}`,
        subscription: 'sub_1',
        client_reference_id: String(reader.id),
        metadata: { userId: String(reader.id), planId: String(planId), articleId: '7' },
      },
      now(),
    );
    expect((await send(completed)).statusCode).toBe(200);
    expect(await mine()).toMatchObject({ status: 'active', has_access: true, source: 'stripe', plan_name: 'Plus' });
    const end1 = now() + 30 * DAY;
    await send(
      signed(
        'customer.subscription.updated',
        sub('sub_1', reader.id, { status: 'active', items: { data: [{ current_period_end: end1 }] } }),
        now(),
      ),
    );
    expect((await mine()).current_period_end).toBe(new Date(end1 * 1000).toISOString());
    // renewal: the next period
    const end2 = end1 + 30 * DAY;
    const renewal = signed(
      'customer.subscription.updated',
      sub('sub_1', reader.id, { status: 'active', items: { data: [{ current_period_end: end2 }] } }),
      now() + 1,
    );
    await send(renewal);
    expect((await mine()).current_period_end).toBe(new Date(end2 * 1000).toISOString());
    // the same event again: stored once, applied once
    expect((await send(renewal)).statusCode).toBe(200);
    const n = await t.dbh.db
      .selectFrom('stripe_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'customer.subscription.updated')
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(2);
    // an older state arriving late is ignored
    await send(signed('customer.subscription.updated', sub('sub_1', reader.id, { status: 'past_due' }), now() - 100));
    expect((await mine()).status).toBe('active');
  });

  it('cancel at period end keeps access to the end; the customer portal is Stripe’s', async () => {
    await send(
      signed(
        'customer.subscription.updated',
        sub('sub_1', reader.id, { status: 'active', cancel_at_period_end: true }),
        now() + 2,
      ),
    );
    expect(await mine()).toMatchObject({ status: 'canceled', cancel_at_period_end: true, has_access: true });
    const portal = await t.app.inject({ method: 'POST', url: '/api/subscriptions/portal', headers: reader.headers });
    expect(portal.json().url).toBe(`${fake.url}/portal`);
    expect(
      fake.calls.some((c) => c.path === '/v1/billing_portal/sessions' && c.body.get('customer') === `cus_${reader.id}`),
    ).toBe(true);
  });

  it('a paid invoice sends one receipt: amount, VAT, period, number; a repeat sends none; it may come first', async () => {
    await t.dbh.db.updateTable('users').set({ email: 'betalaren@example.se' }).where('id', '=', reader.id).execute();
    const receipts = async (to: string) =>
      t.dbh.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text', 'kind'])
        .where('to_address', '=', to)
        .where('kind', '=', 'receipt')
        .execute();
    const start = now();
    const invoice = (id: string, subId: string, userId: number, extra: Record<string, unknown> = {}) => ({
      id,
      object: 'invoice',
      number: `VAGG-${id}`,
      amount_paid: 11900,
      currency: 'sek',
      customer: `cus_${userId}`,
      status_transitions: { paid_at: start },
      parent: {
        subscription_details: { subscription: subId, metadata: { userId: String(userId), planId: String(planId) } },
      },
      lines: { data: [{ period: { start, end: start + 30 * DAY } }] },
      ...extra,
    });
    const paid = signed('invoice.paid', invoice('in_1', 'sub_1', reader.id), now());
    expect((await send(paid)).statusCode).toBe(200);
    const [receipt, ...more] = await receipts('betalaren@example.se');
    expect(more).toHaveLength(0);
    expect(receipt.subject).toBe('Kvitto från Väggen: Plus');
    expect(receipt.text).toContain('Belopp: 119,00 kr');
    // 6 % VAT included in 119 kr: 119 × 6/106 = 6,74 kr (the paper's rate; Stripe computed none)
    expect(receipt.text).toContain('Varav moms (6 %): 6,74 kr');
    expect(receipt.text).toContain('Kvittonummer: VAGG-in_1');
    expect(receipt.text).toMatch(/Period: \d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}/);
    // Stripe sends it again: stored once, one receipt
    await send(paid);
    expect(await receipts('betalaren@example.se')).toHaveLength(1);
    // a renewal's invoice with Stripe's own tax figure: a second receipt
    await send(signed('invoice.paid', invoice('in_2', 'sub_1', reader.id, { total_taxes: [{ amount: 674 }] }), now()));
    expect(await receipts('betalaren@example.se')).toHaveLength(2);
    // an invoice before any event of its subscription: its metadata names the reader
    const early = await userWithToken(t, 'tidig', 'user');
    await t.dbh.db.updateTable('users').set({ email: 'tidig@example.se' }).where('id', '=', early.id).execute();
    await send(signed('invoice.paid', invoice('in_3', 'sub_early', early.id), now()));
    expect((await receipts('tidig@example.se'))[0]?.subject).toBe('Kvitto från Väggen: Plus');
    // a zero invoice (a free trial's) is no payment: no receipt
    await send(signed('invoice.paid', invoice('in_4', 'sub_early', early.id, { amount_paid: 0 }), now()));
    expect(await receipts('tidig@example.se')).toHaveLength(1);
  });

  it('payment failure → past due (access for the grace period) → ended', async () => {
    const late = await userWithToken(t, 'sen', 'user');
    await send(signed('customer.subscription.created', sub('sub_2', late.id, { status: 'active' }), now() - 60));
    expect((await mine(late)).has_access).toBe(true);
    await send(signed('customer.subscription.updated', sub('sub_2', late.id, { status: 'past_due' }), now() - 50));
    expect(await mine(late)).toMatchObject({ status: 'past_due', has_access: true });
    // the grace period runs out (0 days): no access, shown as ended
    const admin = await userWithToken(t, 'chef', 'admin');
    await t.app.inject({
      method: 'PUT',
      url: '/api/newsroom/settings',
      headers: admin.headers,
      payload: { past_due_grace_days: 0 },
    });
    expect(await mine(late)).toMatchObject({ has_access: false, status: 'ended' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/newsroom/settings',
      headers: admin.headers,
      payload: { past_due_grace_days: 7 },
    });
    await send(
      signed(
        'customer.subscription.deleted',
        sub('sub_2', late.id, { status: 'canceled', ended_at: now() }),
        now() + 2,
      ),
    );
    expect(await mine(late)).toMatchObject({ status: 'ended', has_access: false });
    // out of order: the deletion came first for another reader; the late "active" is older and ignored
    const other = await userWithToken(t, 'annan', 'user');
    await send(signed('customer.subscription.deleted', sub('sub_3', other.id, { status: 'canceled' }), now() + 5));
    await send(signed('customer.subscription.updated', sub('sub_3', other.id, { status: 'active' }), now()));
    expect((await mine(other)).has_access).toBe(false);
  });

  it('the download includes the subscription; deleting the account cancels it at Stripe first', async () => {
    const leaving = await userWithToken(t, 'lamnar', 'user');
    await send(signed('customer.subscription.created', sub('sub_leave', leaving.id, { status: 'active' }), now() - 10));
    const exported = await t.app.inject({ method: 'GET', url: '/api/profile/export', headers: leaving.headers });
    expect(exported.json().reader_subscriptions).toMatchObject([{ status: 'active', source: 'stripe' }]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: leaving.headers,
      payload: { password: leaving.password, comments: 'keep' },
    });
    expect(del.statusCode).toBe(200);
    expect(fake.calls.some((c) => c.method === 'DELETE' && c.path === '/v1/subscriptions/sub_leave')).toBe(true);
    const left = await t.dbh.db
      .selectFrom('subscriptions')
      .select('id')
      .where('stripe_subscription_id', '=', 'sub_leave')
      .execute();
    expect(left).toHaveLength(0);
  });

  it('the newsroom lists subscribers by cursor, finds one by username, counts them and exports CSV', async () => {
    const admin = await userWithToken(t, 'kassor', 'admin');
    const first = (
      await t.app.inject({ method: 'GET', url: '/api/newsroom/subscribers', headers: admin.headers })
    ).json();
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.items[0]).toHaveProperty('username');
    const ids = first.items.map((r: { id: number }) => r.id);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
    const found = (
      await t.app.inject({ method: 'GET', url: '/api/newsroom/subscribers?q=betalaren', headers: admin.headers })
    ).json();
    expect(found.items.every((r: { username: string }) => r.username === 'betalaren')).toBe(true);
    expect(found.items.length).toBeGreaterThan(0);
    if (first.next) {
      const second = (
        await t.app.inject({
          method: 'GET',
          url: `/api/newsroom/subscribers?after=${first.next}`,
          headers: admin.headers,
        })
      ).json();
      expect(second.items.every((r: { id: number }) => r.id < first.next)).toBe(true);
    }
    const summary = (
      await t.app.inject({ method: 'GET', url: '/api/newsroom/revenue', headers: admin.headers })
    ).json();
    expect(summary.counts.canceled).toBeGreaterThanOrEqual(1);
    // article 7 never existed here: its title is null (a deleted article's too)
    expect(summary.conversions).toContainEqual({ article_id: 7, subscriptions: 1, title: null, slug: null });
    const origin = await t.app.services.articles.create({
      title: 'Artikeln som sålde',
      content: '<p>Text.</p>',
      category: 'NYHETER',
      authorId: admin.id,
      authorName: 'Chefen',
      featuredImage: null,
    });
    const buyer = await userWithToken(t, 'kopare', 'user');
    await send(
      signed(
        'customer.subscription.created',
        sub('sub_from_article', buyer.id, {
          status: 'active',
          metadata: { userId: String(buyer.id), planId: String(planId), articleId: String(origin.id) },
        }),
        now(),
      ),
    );
    const withTitle = (
      await t.app.inject({ method: 'GET', url: '/api/newsroom/revenue', headers: admin.headers })
    ).json();
    expect(withTitle.conversions).toContainEqual({
      article_id: origin.id,
      subscriptions: 1,
      title: 'Artikeln som sålde',
      slug: origin.slug,
    });
    const csv = await t.app.inject({ method: 'GET', url: '/api/newsroom/subscribers.csv', headers: admin.headers });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('betalaren;Plus;canceled');
  });

  it('two app instances on one database receiving the same and different events at once apply each once', async () => {
    const dbh2 = openDb(t.config.database);
    const app2 = await buildApp(t.config, { dbh: dbh2 });
    await app2.ready();
    try {
      const users = await Promise.all([1, 2, 3, 4].map((i) => userWithToken(t, `par${i}`, 'user')));
      const events = users.flatMap((u, i) => [
        signed('customer.subscription.created', sub(`sub_p${i}`, u.id, { status: 'trialing' }), now()),
        signed('customer.subscription.updated', sub(`sub_p${i}`, u.id, { status: 'active' }), now() + 10),
      ]);
      // every event reaches both nodes at once (Stripe retries; a load balancer may split them)
      const answers = await Promise.all(events.flatMap((e) => [post(t.app, e), post(app2, e)]));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      await Promise.all([t.app.services.revenue.processStripeEvents(), app2.services.revenue.processStripeEvents()]);
      // what a busy SQLite left pending, the job's next run applies
      await t.app.services.revenue.processStripeEvents();
      for (const u of users) expect(await mine(u)).toMatchObject({ status: 'active', has_access: true });
      const rows = await t.dbh.db
        .selectFrom('stripe_events')
        .select(['attempts', 'processed_at'])
        .where(
          'id',
          'in',
          events.map((e) => JSON.parse(e.payload).id),
        )
        .execute();
      expect(rows).toHaveLength(events.length);
      expect(rows.every((r) => Number(r.attempts) === 1 && r.processed_at !== null)).toBe(true);
      const subs = await t.dbh.db
        .selectFrom('subscriptions')
        .select('id')
        .where('stripe_subscription_id', 'like', 'sub_p%')
        .execute();
      expect(subs).toHaveLength(4);
    } finally {
      await app2.close();
      await dbh2.close();
    }
  });
});

describe('without Stripe keys (issue 42)', () => {
  it('npm start still works: checkout says payment is not configured, plans and grants work', async () => {
    const t = await createTestApp('sqlite');
    try {
      const reader = await userWithToken(t, 'utan', 'user');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/subscriptions/checkout',
        headers: reader.headers,
        payload: { planId: 1, interval: 'month' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('Betalning är inte konfigurerad på den här sajten ännu.');
      expect(t.app.services.revenue.paymentConfigured).toBe(false);
    } finally {
      await t.close();
    }
  });
});
