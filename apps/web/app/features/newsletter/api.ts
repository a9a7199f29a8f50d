import type { NewsletterMessage, NewsletterOverview, NewsletterSubscriberPage } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';

/** Newsletter "Morgonbrevet" (issue 21): subscribe, confirm, unsubscribe and the admin page. */
export const newsletterApi = {
  subscribe: (email: string) => sendJson<NewsletterMessage>('POST', '/api/newsletter/subscribe', { email }),
  confirm: (token: string) => sendJson<NewsletterMessage>('POST', '/api/newsletter/confirm', { token }),
  unsubscribe: (token: string) =>
    sendJson<NewsletterMessage>('POST', `/api/unsubscribe?token=${encodeURIComponent(token)}`, {}),
  overview: () => getJson<NewsletterOverview>('/api/admin/newsletter'),
  subscribers: (after: number) => getJson<NewsletterSubscriberPage>(`/api/admin/newsletter/subscribers?after=${after}`),
  sendTest: () => sendJson<NewsletterMessage>('POST', '/api/admin/newsletter/test'),
};
