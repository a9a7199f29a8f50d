import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './auth-helpers.js';
import { createTestApp, dialects, type TestApp } from './helpers.js';

type Role = 'anonymous' | 'user' | 'writer' | 'admin';
interface Ctx {
  articleId: number;
  deletableId: number;
  otherUserId: number;
  png: Buffer;
}
interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (c: Ctx) => string;
  body?: unknown;
  /** A non-JSON body (multipart). */
  raw?: (c: Ctx) => { payload: Buffer; headers: Record<string, string> };
  expect: Record<Role, number>;
}

const all = (status: number): Record<Role, number> => ({
  anonymous: status,
  user: status,
  writer: status,
  admin: status,
});

/**
 * Every endpoint, called as anonymous, user, writer and admin, with the exact status each gets.
 * Later issues add their endpoints here. Bodies are valid, so only the role decides.
 */
export const MATRIX: Row[] = [
  { method: 'GET', url: () => '/api/articles', expect: all(200) },
  // the paper's settings (issues 41–44): admins only
  {
    method: 'GET',
    url: () => '/api/newsroom/settings',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'PUT',
    url: () => '/api/newsroom/settings',
    body: { review_required: false },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  { method: 'GET', url: (c) => `/api/articles/${c.articleId}`, expect: all(200) },
  // issue 45: newsroom analytics — the beacon for anyone, the read API for writers (own) and admins
  {
    method: 'POST',
    url: () => '/api/analytics/events',
    body: { type: 'engaged', path: '/', seconds: 5 },
    expect: all(204),
  },
  {
    method: 'GET',
    url: () => '/api/newsroom/analytics/realtime',
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  {
    method: 'GET',
    url: () => '/api/newsroom/analytics/articles',
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  {
    method: 'GET',
    url: () => '/api/newsroom/analytics/timeseries?bucket=day',
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  {
    method: 'GET',
    url: (c) => `/api/newsroom/analytics/totals?ids=${c.articleId}`,
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  {
    method: 'GET',
    url: () => '/api/newsroom/analytics/referrers',
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  // issue 42: reader revenue
  { method: 'GET', url: () => '/api/plans', expect: all(200) },
  { method: 'GET', url: () => '/api/newsroom/plans', expect: { anonymous: 401, user: 403, writer: 403, admin: 200 } },
  {
    method: 'POST',
    url: () => '/api/newsroom/plans',
    body: { name: 'Matris', price_month_sek: 99 },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 201 },
  },
  {
    method: 'PUT',
    url: () => '/api/newsroom/plans/999999',
    body: { name: 'Matris', price_month_sek: 99 },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  {
    method: 'POST',
    url: () => '/api/newsroom/subscriptions',
    body: { userId: 999999, planId: 999999, until: '2099-01-01' },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  {
    method: 'GET',
    url: () => '/api/subscriptions/mine',
    expect: { anonymous: 401, user: 200, writer: 200, admin: 200 },
  },
  {
    method: 'GET',
    url: () => '/api/subscriptions/meter',
    expect: { anonymous: 401, user: 200, writer: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: (c) => `/api/articles/${c.articleId}/gift-links`,
    expect: { anonymous: 401, user: 403, writer: 403, admin: 403 },
  },
  // without Stripe keys: payment is not configured (409) for every logged-in reader
  {
    method: 'POST',
    url: () => '/api/subscriptions/checkout',
    body: { planId: 1, interval: 'month' },
    expect: { anonymous: 401, user: 409, writer: 409, admin: 409 },
  },
  {
    method: 'POST',
    url: () => '/api/subscriptions/portal',
    expect: { anonymous: 401, user: 409, writer: 409, admin: 409 },
  },
  // Stripe's webhook is authenticated by its signature, not a role
  { method: 'POST', url: () => '/api/stripe/webhook', body: {}, expect: all(409) },
  {
    method: 'GET',
    url: () => '/api/newsroom/subscribers',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  { method: 'GET', url: () => '/api/newsroom/revenue', expect: { anonymous: 401, user: 403, writer: 403, admin: 200 } },
  {
    method: 'GET',
    url: () => '/api/newsroom/revenue/history?days=30',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  { method: 'GET', url: () => '/api/newsroom/offers', expect: { anonymous: 401, user: 403, writer: 403, admin: 200 } },
  {
    method: 'POST',
    url: () => '/api/newsroom/offers',
    body: { planId: 999999, code: 'MATRIS', interval: 'month', percent_off: 10, valid_until: '2099-12-31' },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  { method: 'GET', url: () => '/api/offers/MATRIS', expect: all(404) },
  {
    method: 'GET',
    url: () => '/api/newsroom/subscribers.csv',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  // gift subscriptions: checkout 409 without Stripe keys; an unknown token 404 for anyone
  {
    method: 'POST',
    url: () => '/api/gifts/checkout',
    body: { planId: 1, months: 3 },
    expect: { anonymous: 401, user: 409, writer: 409, admin: 409 },
  },
  { method: 'GET', url: () => '/api/gifts/mine', expect: { anonymous: 401, user: 200, writer: 200, admin: 200 } },
  { method: 'GET', url: () => '/api/gifts/okand.token', expect: all(404) },
  {
    method: 'POST',
    url: () => '/api/gifts/okand.token/redeem',
    expect: { anonymous: 401, user: 404, writer: 404, admin: 404 },
  },
  { method: 'GET', url: () => '/api/newsroom/gifts', expect: { anonymous: 401, user: 403, writer: 403, admin: 200 } },
  { method: 'GET', url: () => '/api/gift-links/mine', expect: { anonymous: 401, user: 200, writer: 200, admin: 200 } },
  {
    method: 'DELETE',
    url: () => '/api/gift-links/999999',
    expect: { anonymous: 401, user: 404, writer: 404, admin: 404 },
  },
  { method: 'GET', url: () => '/api/articles/slug/matrisartikel', expect: all(200) },
  { method: 'GET', url: () => '/api/search?q=matris', expect: all(200) },
  { method: 'GET', url: () => '/rss.xml', expect: all(200) },
  { method: 'POST', url: (c) => `/api/articles/${c.articleId}/view`, expect: all(204) },
  { method: 'GET', url: () => '/rss/sport.xml', expect: all(200) },
  { method: 'GET', url: () => '/sitemap.xml', expect: all(200) },
  { method: 'GET', url: () => '/sitemaps/news.xml', expect: all(200) },
  { method: 'GET', url: () => '/robots.txt', expect: all(200) },
  { method: 'GET', url: () => '/api/ads?type=square', expect: all(200) },
  { method: 'GET', url: () => '/api/sr_news', expect: all(200) },
  { method: 'GET', url: () => '/api/avatar?name=Test', expect: all(200) },
  { method: 'GET', url: () => '/api/debug-auth', expect: all(200) },
  { method: 'POST', url: () => '/api/logout', expect: all(200) },
  { method: 'GET', url: () => '/api/me', expect: { anonymous: 401, user: 200, writer: 200, admin: 200 } },
  {
    method: 'PUT',
    url: () => '/api/profile',
    body: { full_name: 'Nytt Namn' },
    expect: { anonymous: 401, user: 200, writer: 200, admin: 200 },
  },
  // The current password is checked after the role: a wrong one is 400 for every signed-in caller
  // (the success path, with other sessions revoked, is in auth/password.test.ts).
  {
    method: 'PUT',
    url: () => '/api/profile/password',
    body: { current_password: 'inte-mitt-losen', new_password: 'ett-helt-nytt-losen' },
    expect: { anonymous: 401, user: 400, writer: 400, admin: 400 },
  },
  // Issue 21, readers' own data: the download for every signed-in caller; the deletion checks the
  // password after the role (a wrong one is 400; the success paths are in privacy/privacy.test.ts).
  {
    method: 'GET',
    url: () => '/api/profile/export',
    expect: { anonymous: 401, user: 200, writer: 200, admin: 200 },
  },
  {
    method: 'DELETE',
    url: () => '/api/profile',
    body: { password: 'inte-mitt-losen', comments: 'keep' },
    expect: { anonymous: 401, user: 400, writer: 400, admin: 400 },
  },
  { method: 'GET', url: () => '/api/users', expect: { anonymous: 401, user: 403, writer: 403, admin: 200 } },
  {
    method: 'PUT',
    url: (c) => `/api/users/${c.otherUserId}/role`,
    body: { account_type: 'user' },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  { method: 'GET', url: () => '/api/api-token', expect: { anonymous: 401, user: 403, writer: 200, admin: 200 } },
  { method: 'POST', url: () => '/api/api-token', expect: { anonymous: 401, user: 403, writer: 200, admin: 200 } },
  {
    method: 'POST',
    url: () => '/api/articles',
    body: { title: 'Matris', content: 'Text.', category: 'SPORT' },
    expect: { anonymous: 401, user: 403, writer: 201, admin: 201 },
  },
  {
    method: 'PUT',
    url: (c) => `/api/articles/${c.articleId}`,
    body: { title: 'Matrisartikel', content: 'Ny text.', category: 'NYHETER' },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'DELETE',
    url: (c) => `/api/articles/${c.deletableId}`,
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'GET',
    url: () => '/api/newsroom/articles',
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/upload/image',
    raw: (c) => multipart({}, [{ field: 'file', filename: 'a.png', type: 'image/png', data: c.png }]),
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/profile/picture',
    raw: (c) => multipart({}, [{ field: 'file', filename: 'a.png', type: 'image/png', data: c.png }]),
    expect: { anonymous: 401, user: 200, writer: 200, admin: 200 },
  },
  { method: 'GET', url: (c) => `/api/comments?articleId=${c.articleId}`, expect: all(200) },
  { method: 'GET', url: (c) => `/api/comments?articleId=${c.articleId}&order=newest`, expect: all(200) },
  { method: 'GET', url: () => '/api/comments/999999/replies', expect: all(404) },
  {
    method: 'POST',
    url: () => '/api/comments',
    body: { articleId: 999999, name: 'Besökare', email: 'b@example.se', content: 'Hej' },
    expect: all(404), // no such article: the route is open to all, so only the body decides
  },
  {
    method: 'DELETE',
    url: () => '/api/comments/999999',
    expect: { anonymous: 401, user: 404, writer: 404, admin: 404 },
  },
  // Issue 21: password reset and e-mail verification (answers alike for everyone; the paths are in
  // modules/auth/password-reset.test.ts).
  { method: 'POST', url: () => '/api/auth/forgot-password', body: { email: 'matris@example.se' }, expect: all(200) },
  {
    method: 'POST',
    url: () => '/api/auth/reset-password',
    body: { token: 'ingen-sadan-kod', password: 'ett-helt-nytt-losen' },
    expect: all(400),
  },
  { method: 'POST', url: () => '/api/auth/verify-email', body: { token: 'ingen-sadan-kod' }, expect: all(400) },
  {
    method: 'GET',
    url: () => '/api/auth/email-verification',
    expect: { anonymous: 401, user: 200, writer: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/auth/resend-verification',
    expect: { anonymous: 401, user: 200, writer: 200, admin: 200 },
  },
  // Issue 21: outgoing e-mail, admins only.
  {
    method: 'GET',
    url: () => '/api/admin/mail/status',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'GET',
    url: () => '/api/admin/mail/settings',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'PUT',
    url: () => '/api/admin/mail/settings',
    body: { require_email_verification: false },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  // Issue 21: notifications by e-mail (own choices) and the newsletter. Subscribing, confirming and
  // unsubscribing need no login; a made-up token is 404 for everyone (real ones: newsletter.test.ts).
  {
    method: 'GET',
    url: () => '/api/profile/mail-notifications',
    expect: { anonymous: 401, user: 200, writer: 200, admin: 200 },
  },
  {
    method: 'PUT',
    url: () => '/api/profile/mail-notifications',
    body: { kind: 'article_comment', enabled: true },
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  {
    method: 'PUT',
    url: () => '/api/profile/mail-notifications',
    body: { kind: 'comment_reply', enabled: true },
    expect: { anonymous: 401, user: 200, writer: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/newsletter/subscribe',
    body: { email: 'matris-brev@example.se' },
    expect: all(202),
  },
  { method: 'POST', url: () => '/api/newsletter/confirm', body: { token: 'påhittad-token' }, expect: all(404) },
  { method: 'POST', url: () => '/api/unsubscribe?token=nl.1.falsk', body: {}, expect: all(404) },
  { method: 'GET', url: () => '/api/unsubscribe?token=nl.1.falsk', expect: all(303) },
  {
    method: 'GET',
    url: () => '/api/admin/newsletter',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'GET',
    url: () => '/api/admin/newsletter/subscribers?after=0',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  // The matrix's admin has no e-mail address: the test send is refused with a clear 400.
  {
    method: 'POST',
    url: () => '/api/admin/newsletter/test',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 400 },
  },
  // Comment moderation (issue 16). The matrix's writer does not own the matrix article; owners and
  // non-owners are both tried in modules/moderation/moderation-authz.test.ts.
  {
    method: 'GET',
    url: () => '/api/moderation/settings',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'PUT',
    url: () => '/api/moderation/settings',
    body: {
      mode: 'publish',
      link_limit: null,
      hold_repeated: false,
      auto_close_days: null,
      report_threshold: 3,
      queue_alert_threshold: 50,
      banned_words: [],
      suspect_words: [],
    },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  { method: 'GET', url: (c) => `/api/moderation/articles/${c.articleId}`, expect: all(200) },
  {
    method: 'PUT',
    url: (c) => `/api/moderation/articles/${c.articleId}`,
    body: { mode: null, closed: false },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/comments/999999/reports',
    body: { reason: 'spam' },
    expect: all(404), // open to all: only the comment decides
  },
  { method: 'GET', url: () => '/api/moderation/queue', expect: { anonymous: 401, user: 403, writer: 200, admin: 200 } },
  {
    method: 'GET',
    url: () => '/api/moderation/queue/count',
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/moderation/comments/999999/approve',
    expect: { anonymous: 401, user: 403, writer: 404, admin: 404 },
  },
  {
    method: 'POST',
    url: () => '/api/moderation/comments/999999/reject',
    body: { reason: 'Spam' },
    expect: { anonymous: 401, user: 403, writer: 404, admin: 404 },
  },
  {
    method: 'POST',
    url: () => '/api/moderation/bulk',
    body: { action: 'approve', ids: [999999] },
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  { method: 'GET', url: () => '/api/moderation/bans', expect: { anonymous: 401, user: 403, writer: 403, admin: 200 } },
  {
    method: 'POST',
    url: () => '/api/moderation/bans',
    body: { email: 'matris-troll@example.se', until: null },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 201 },
  },
  {
    method: 'DELETE',
    url: () => '/api/moderation/bans/999999',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  { method: 'GET', url: () => '/api/moderation/audit', expect: { anonymous: 401, user: 403, writer: 403, admin: 200 } },
  { method: 'GET', url: () => '/api/notifications', expect: { anonymous: 401, user: 200, writer: 200, admin: 200 } },
  {
    method: 'GET',
    url: () => '/api/notifications/unread-count',
    expect: { anonymous: 401, user: 200, writer: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/notifications/mark-all-read',
    expect: { anonymous: 401, user: 200, writer: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/notifications/999999/mark-read',
    expect: { anonymous: 401, user: 404, writer: 404, admin: 404 },
  },
  {
    method: 'GET',
    url: () => '/api/role-requests/mine',
    expect: { anonymous: 401, user: 200, writer: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/user/request-writer',
    body: { message: 'Jag vill skriva.' },
    expect: { anonymous: 401, user: 201, writer: 403, admin: 403 },
  },
  {
    method: 'POST',
    url: () => '/api/admin/request',
    body: { message: 'Jag vill administrera.' },
    expect: { anonymous: 401, user: 201, writer: 201, admin: 403 },
  },
  {
    method: 'POST',
    url: () => '/api/admin/request/999999/approve',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  {
    method: 'POST',
    url: () => '/api/admin/request/999999/reject',
    body: { reason: 'Nej' },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  {
    method: 'POST',
    url: () => '/api/user/request-writer/999999/approve',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  {
    method: 'POST',
    url: () => '/api/user/request-writer/999999/reject',
    body: { reason: 'Nej' },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  // newsroom workflow (issue 14): the article of the matrix has no author, so writers are refused it
  {
    method: 'GET',
    url: () => '/api/newsroom/articles?status=draft',
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  {
    method: 'GET',
    url: (c) => `/api/newsroom/articles/${c.articleId}`,
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'GET',
    url: (c) => `/api/newsroom/articles/${c.articleId}/revisions`,
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'GET',
    url: (c) => `/api/newsroom/articles/${c.articleId}/revisions/1`,
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'POST',
    url: (c) => `/api/newsroom/articles/${c.articleId}/revisions/1/restore`,
    body: {},
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  // Issue 43: corrections (the article's writer or an admin; the matrix article is not the writer's)
  {
    method: 'POST',
    url: (c) => `/api/newsroom/articles/${c.articleId}/corrections`,
    body: { text: 'I en tidigare version stod det fel årtal.' },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 201 },
  },
  {
    method: 'PUT',
    url: () => '/api/newsroom/corrections/1',
    body: { text: 'I en tidigare version stod det fel årtal (1998, inte 1989).' },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'GET',
    url: (c) => `/api/newsroom/articles/${c.articleId}/corrections`,
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  { method: 'GET', url: () => '/api/corrections', expect: all(200) },
  // Issue 44: push. Subscribing is anyone's; the audience and sending are for admins (the matrix
  // article is an ordinary published article: the admin's send is queued, 202; the next is 429,
  // shown by push/push.test.ts)
  { method: 'GET', url: () => '/api/push/public-key', expect: all(200) },
  {
    method: 'POST',
    url: () => '/api/push/subscriptions',
    body: { endpoint: 'https://push.example/matris', keys: { p256dh: 'BPz', auth: 'abc' } },
    expect: all(201),
  },
  {
    method: 'DELETE',
    url: () => '/api/push/subscriptions',
    body: { endpoint: 'https://push.example/finns-inte' },
    expect: all(404),
  },
  { method: 'GET', url: () => '/api/newsroom/push', expect: { anonymous: 401, user: 403, writer: 403, admin: 200 } },
  {
    method: 'POST',
    url: () => '/api/newsroom/push',
    body: { articleId: 999999, title: 'Stor nyhet', body: 'Läs mer.' },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  // Issue 44: live reports (the matrix article is an ordinary article, not the writer's: an admin
  // gets 409 for posting to it; unknown entries are 404 after the role; the stream of an unknown
  // report is 404 for everyone — its success path is in live/live.test.ts through real HTTP)
  { method: 'GET', url: (c) => `/api/articles/${c.articleId}/live-entries`, expect: all(404) },
  { method: 'GET', url: () => '/api/articles/999999/live-stream', expect: all(404) },
  // the desk's drafts (decision 055): a login, then only the report's writers and admins (an admin
  // gets 404: the matrix article is no live report); never the public answer
  {
    method: 'GET',
    url: (c) => `/api/articles/${c.articleId}/live-entries?drafts=1`,
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  {
    method: 'POST',
    url: (c) => `/api/articles/${c.articleId}/live-entries`,
    body: { content: '<p>Utkast</p>', draft: true },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 409 },
  },
  {
    method: 'PUT',
    url: () => '/api/live-entries/999999',
    body: { draft: false },
    expect: { anonymous: 401, user: 403, writer: 404, admin: 404 },
  },
  {
    method: 'POST',
    url: (c) => `/api/articles/${c.articleId}/live-entries`,
    body: { content: '<p>Inlägg</p>' },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 409 },
  },
  {
    method: 'PUT',
    url: () => '/api/live-entries/999999',
    body: { pinned: true },
    expect: { anonymous: 401, user: 403, writer: 404, admin: 404 },
  },
  {
    method: 'DELETE',
    url: () => '/api/live-entries/999999',
    expect: { anonymous: 401, user: 403, writer: 404, admin: 404 },
  },
  {
    method: 'POST',
    url: (c) => `/api/articles/${c.articleId}/live-end`,
    expect: { anonymous: 401, user: 403, writer: 403, admin: 409 },
  },
  // Issue 43: the DSA. Notices and the report are anyone's; deciding is for admins; a statement and
  // its appeal are only the commenter's (404 for anyone else: no case number is confirmed).
  {
    method: 'POST',
    url: () => '/api/dsa/notices',
    body: { url: '/article/matrisartikel', kind: 'annat', explanation: 'Olagligt.', good_faith: true },
    expect: all(201),
  },
  {
    method: 'GET',
    url: () => '/api/dsa/notices',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/dsa/notices/999999/decision',
    body: { action: 'no_action', text: 'Inget olagligt.' },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  {
    method: 'GET',
    url: () => '/api/dsa/appeals',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/dsa/appeals/999999/decision',
    body: { outcome: 'upheld', text: 'Beslutet står fast.' },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  { method: 'GET', url: () => '/api/dsa/statements/BES-2026-0000000000', expect: all(404) },
  {
    method: 'POST',
    url: () => '/api/dsa/appeals',
    body: { case_number: 'BES-2026-0000000000', text: 'Jag överklagar.' },
    expect: all(404),
  },
  { method: 'GET', url: () => '/api/transparency', expect: all(200) },
  // Issue 43: the right of reply: anyone asks; admins handle the cases.
  {
    method: 'POST',
    url: () => '/api/replies',
    raw: (c) => ({
      payload: Buffer.from(
        JSON.stringify({ articleId: c.articleId, name: 'Bo Berg', email: 'bo@example.se', text: 'Mitt genmäle.' }),
      ),
      headers: { 'content-type': 'application/json' },
    }),
    expect: all(201),
  },
  {
    method: 'GET',
    url: () => '/api/newsroom/replies',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'PUT',
    url: () => '/api/newsroom/replies/999999',
    body: { status: 'granted' },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  { method: 'GET', url: () => '/rss/rattelser.xml', expect: all(200) },
  {
    method: 'GET',
    url: () => '/api/newsroom/tags?q=m',
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  // Issue 40: invitations to a byline. One's own list; answering an invitation that is not the
  // caller's (none is) is 404 after the role (the answers themselves: articles/bylines.test.ts).
  {
    method: 'GET',
    url: () => '/api/newsroom/byline-invitations',
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/newsroom/byline-invitations/999999/accept',
    expect: { anonymous: 401, user: 403, writer: 404, admin: 404 },
  },
  {
    method: 'POST',
    url: () => '/api/newsroom/byline-invitations/999999/decline',
    expect: { anonymous: 401, user: 403, writer: 404, admin: 404 },
  },
  // Issue 41: the review queue and an admin's decisions (a missing article is 404 after the role;
  // the decisions themselves: articles/review.test.ts).
  {
    method: 'GET',
    url: () => '/api/newsroom/review/policy',
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  {
    method: 'GET',
    url: () => '/api/newsroom/review',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/newsroom/articles/999999/review',
    body: { decision: 'publish' },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  // Issue 41: the editor's working copy — the people who may edit the article (the rules: articles/autosave.test.ts).
  {
    method: 'GET',
    url: () => '/api/newsroom/autosaves/new',
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  {
    method: 'PUT',
    url: () => '/api/newsroom/autosaves/new',
    body: { base_version: null, draft: { title: 'Halvskriven' } },
    expect: { anonymous: 401, user: 403, writer: 200, admin: 200 },
  },
  {
    method: 'DELETE',
    url: () => '/api/newsroom/autosaves/new',
    expect: { anonymous: 401, user: 403, writer: 204, admin: 204 },
  },
  {
    method: 'GET',
    url: (c) => `/api/newsroom/autosaves/${c.articleId}`,
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'DELETE',
    url: (c) => `/api/newsroom/autosaves/${c.articleId}`,
    expect: { anonymous: 401, user: 403, writer: 403, admin: 204 },
  },
  // Issue 41: invitations to the newsroom (the rules: staff-invitations/staff-invitations.test.ts).
  {
    method: 'GET',
    url: () => '/api/newsroom/staff-invitations',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/newsroom/staff-invitations',
    body: { email: 'matris@example.se', role: 'writer' },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 201 },
  },
  {
    method: 'DELETE',
    url: () => '/api/newsroom/staff-invitations/999999',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  { method: 'GET', url: () => '/api/staff-invitations/ingen-sadan-inbjudan-finns', expect: all(404) },
  {
    method: 'POST',
    url: () => '/api/staff-invitations/ingen-sadan-inbjudan-finns/accept',
    expect: { anonymous: 401, user: 404, writer: 404, admin: 404 },
  },
  // Issue 41: front pages — readers read them, admins arrange them (the rules: fronts/fronts.test.ts).
  { method: 'GET', url: () => '/api/fronts/hem', expect: all(200) },
  { method: 'GET', url: () => '/api/newsroom/fronts', expect: { anonymous: 401, user: 403, writer: 403, admin: 200 } },
  {
    method: 'GET',
    url: () => '/api/newsroom/fronts/hem',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'PUT',
    url: () => '/api/newsroom/fronts/opinion',
    body: { version: 0, slots: [] },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'GET',
    url: () => '/api/newsroom/fronts/hem/versions',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 200 },
  },
  {
    method: 'POST',
    url: () => '/api/newsroom/fronts/hem/versions/999999/restore',
    body: { version: 0 },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  {
    method: 'POST',
    url: () => '/api/newsroom/fronts/hem/schedules',
    body: { apply_at: '2099-01-01T05:00:00Z', slots: [] },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 201 },
  },
  {
    method: 'DELETE',
    url: () => '/api/newsroom/fronts/hem/schedules/999999',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  {
    method: 'POST',
    url: () => '/api/articles/external',
    raw: () => multipart({ title: 'x', category: 'NYHETER', content: 'y' }),
    expect: all(401), // X-API-Key, not the bearer token, decides
  },
  // inbox (issue 6): anyone may write to the newsroom; only admins read the inbox
  {
    method: 'POST',
    url: () => '/api/contact',
    body: { name: 'Matris', email: 'matris@example.se', message: 'Hej' },
    expect: all(201),
  },
  {
    method: 'POST',
    url: () => '/api/tips',
    body: { anonymous: true, title: 'Tips', details: 'Detaljer' },
    expect: all(201),
  },
  {
    method: 'POST',
    url: () => '/api/ad-inquiries',
    body: { name: 'Matris', company: 'Matris AB', email: 'matris@example.se', adType: 'banner' },
    expect: all(201),
  },
  { method: 'GET', url: () => '/api/inbox?kind=tip', expect: { anonymous: 401, user: 403, writer: 403, admin: 200 } },
  {
    method: 'GET',
    url: () => '/api/inbox/contact/999999',
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  {
    method: 'POST',
    url: () => '/api/inbox/ad/999999/handled',
    body: { handled: true },
    expect: { anonymous: 401, user: 403, writer: 403, admin: 404 },
  },
  // Accounts: open to everyone, whatever the caller's session (a fresh username per call).
  {
    method: 'POST',
    url: () => '/api/register',
    raw: () => ({
      payload: Buffer.from(
        JSON.stringify({
          username: `matris-ny-${Math.random().toString(36).slice(2, 10)}`,
          password: 'matris-ny-losen',
        }),
      ),
      headers: { 'content-type': 'application/json' },
    }),
    expect: all(201),
  },
  {
    method: 'POST',
    url: () => '/api/login',
    body: { username: 'matris-annan', password: 'annans-losen' },
    expect: all(200),
  },
  // Science side tools: public reads.
  { method: 'GET', url: () => '/api/periodic-table-data', expect: all(200) },
  { method: 'GET', url: () => '/api/elements/26/isotopes', expect: all(200) },
  { method: 'GET', url: () => '/api/elements/symbol/Fe', expect: all(200) },
  { method: 'GET', url: () => '/api/solar-system-data', expect: all(200) },
  { method: 'GET', url: () => '/api/solar-system/textures/finns-inte.webp', expect: all(404) },
  // Operations: the OpenAPI document (JSON, and Swagger UI for people) and the health check.
  { method: 'GET', url: () => '/api/docs', expect: all(200) },
  { method: 'GET', url: () => '/api/docs/ui', expect: all(200) },
  { method: 'GET', url: () => '/api/docs/ui/json', expect: all(200) },
  { method: 'GET', url: () => '/api/health', expect: all(200) },
  // Load balancers and monitoring (docs/deploy.md); /metrics exists only with METRICS_TOKEN.
  { method: 'GET', url: () => '/healthz', expect: all(200) },
  { method: 'GET', url: () => '/readyz', expect: all(200) },
  { method: 'GET', url: () => '/metrics', expect: all(404) },
];

describe.each(dialects)('authorization matrix on %s', (dialect) => {
  let t: TestApp;
  let ctx: Ctx;
  const passwords: Record<Exclude<Role, 'anonymous'>, string> = {
    user: 'matris-user-losen',
    writer: 'matris-writer-losen',
    admin: 'matris-admin-losen',
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of ['user', 'writer', 'admin'] as const) {
      await t.app.services.users.create({ username: `matris-${role}`, password: passwords[role], account_type: role });
    }
    const otherUserId = await t.app.services.users.create({ username: 'matris-annan', password: 'annans-losen' });
    const a = await t.app.services.articles.create({
      title: 'Matrisartikel',
      content: 'Text.',
      category: 'NYHETER',
      authorId: null,
      authorName: 'Redaktionen',
      featuredImage: null,
    });
    const d = await t.app.services.articles.create({
      title: 'Raderbar',
      content: 'Text.',
      category: 'NYHETER',
      authorId: null,
      authorName: 'Redaktionen',
      featuredImage: null,
    });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    ctx = { articleId: a.id, deletableId: d.id, otherUserId, png };
  });
  afterAll(() => t?.close());

  /** A fresh session per call: some calls (logout, role changes) end sessions. */
  async function tokenFor(role: Role): Promise<string | null> {
    if (role === 'anonymous') return null;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: `matris-${role}`, password: passwords[role] },
    });
    return res.json().access_token;
  }

  for (const row of MATRIX) {
    it(`${row.method} ${row.url({ articleId: 1, deletableId: 2, otherUserId: 3, png: Buffer.alloc(0) })}`, async () => {
      for (const role of ['anonymous', 'user', 'writer', 'admin'] as const) {
        const token = await tokenFor(role);
        const raw = row.raw?.(ctx);
        const res = await t.app.inject({
          method: row.method,
          url: row.url(ctx),
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(row.body ? { 'content-type': 'application/json' } : {}),
            ...raw?.headers,
          },
          ...(row.body ? { payload: JSON.stringify(row.body) } : {}),
          ...(raw ? { payload: raw.payload } : {}),
        });
        expect(res.statusCode, `${role}: ${res.body.slice(0, 200)}`).toBe(row.expect[role]);
      }
    });
  }
});
