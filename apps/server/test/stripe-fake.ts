import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * Issue 42: a local server speaking the part of Stripe's API Väggen calls (Checkout sessions, the
 * customer portal, coupons for offers, cancelling), and webhook events signed as Stripe signs them.
 */
export const WEBHOOK_SECRET = 'whsec_test_vaggen';
const stripe = new Stripe('sk_test_vaggen');

/** A local server speaking the part of Stripe's API Väggen calls; it records what it was asked. */
export async function fakeStripe() {
  const calls: { method: string; path: string; body: URLSearchParams }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const params = new URLSearchParams(body);
      calls.push({ method: req.method ?? '', path: req.url ?? '', body: params });
      res.setHeader('content-type', 'application/json');
      const port = (server.address() as AddressInfo).port;
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_${calls.length}`;
        return res.end(JSON.stringify({ id, object: 'checkout.session', url: `http://127.0.0.1:${port}/pay/${id}` }));
      }
      if (req.method === 'POST' && req.url === '/v1/billing_portal/sessions') {
        return res.end(
          JSON.stringify({ id: 'bps_1', object: 'billing_portal.session', url: `http://127.0.0.1:${port}/portal` }),
        );
      }
      if (req.method === 'POST' && req.url === '/v1/coupons') {
        return res.end(
          JSON.stringify({
            id: `co_test_${calls.length}`,
            object: 'coupon',
            duration: params.get('duration'),
            percent_off: Number(params.get('percent_off')),
          }),
        );
      }
      const cancel = /^\/v1\/subscriptions\/([^/]+)$/.exec(req.url ?? '');
      if (req.method === 'DELETE' && cancel) {
        return res.end(JSON.stringify({ id: cancel[1], object: 'subscription', status: 'canceled' }));
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { message: 'unknown', type: 'invalid_request_error' } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { calls, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

let eventSeq = 0;
/** A Stripe event as Stripe signs it (the SDK's test header). */
export function signed(
  type: string,
  object: Record<string, unknown>,
  created: number,
  opts: { secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id: `evt_${++eventSeq}_${Date.now()}`,
    object: 'event',
    type,
    created,
    data: { object },
  });
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? WEBHOOK_SECRET,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
  return { payload, header };
}
