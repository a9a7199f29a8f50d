import type {
  Article,
  CheckoutInput,
  Gift,
  GiftAdminPage,
  GiftCheckoutInput,
  GiftLink,
  GiftPreview,
  Meter,
  NewsroomSettings,
  Offer,
  OfferInput,
  OfferQuote,
  Plan,
  PlanInput,
  RevenueHistory,
  RevenueSummary,
  SubscriberPage,
  Subscription,
} from '@vaggen/contract';
import { getFile, getJson, sendJson } from '../../lib/api';

/** Issue 42: reader revenue's calls from the browser. */
export const revenueApi = {
  checkout: (input: CheckoutInput) => sendJson<{ url: string }>('POST', '/api/subscriptions/checkout', input),
  portal: () => sendJson<{ url: string }>('POST', '/api/subscriptions/portal'),
  mine: () => getJson<Subscription | null>('/api/subscriptions/mine'),
  meter: () => getJson<Meter>('/api/subscriptions/meter'),
  giftLinks: () => getJson<GiftLink[]>('/api/gift-links/mine'),
  createGiftLink: (articleId: number) => sendJson<{ url: string }>('POST', `/api/articles/${articleId}/gift-links`),
  /** The article a gift link is made for (its title and address). */
  article: (id: number) => getJson<Article>(`/api/articles/${id}`),
  revokeGiftLink: (id: number) => sendJson<{ msg: string }>('DELETE', `/api/gift-links/${id}`),
  plans: () => getJson<Plan[]>('/api/newsroom/plans'),
  createPlan: (p: PlanInput) => sendJson<Plan>('POST', '/api/newsroom/plans', p),
  updatePlan: (id: number, p: PlanInput) => sendJson<Plan>('PUT', `/api/newsroom/plans/${id}`, p),
  summary: () => getJson<RevenueSummary>('/api/newsroom/revenue'),
  history: (days: number) => getJson<RevenueHistory>(`/api/newsroom/revenue/history?days=${days}`),
  offers: () => getJson<Offer[]>('/api/newsroom/offers'),
  createOffer: (o: OfferInput) => sendJson<Offer>('POST', '/api/newsroom/offers', o),
  /** What a code gives (public); a 4xx with the server's Swedish message when it gives nothing. */
  offer: (code: string) => getJson<OfferQuote>(`/api/offers/${encodeURIComponent(code.trim())}`),
  subscribers: (q: { after?: number | null; status?: string; q?: string }) => {
    const params = new URLSearchParams();
    if (q.after) params.set('after', String(q.after));
    if (q.status) params.set('status', q.status);
    if (q.q) params.set('q', q.q);
    const qs = params.toString();
    return getJson<SubscriberPage>(`/api/newsroom/subscribers${qs ? `?${qs}` : ''}`);
  },
  subscribersCsv: () => getFile('/api/newsroom/subscribers.csv'),
  /** Gift subscriptions: buying one (the hand-over to Stripe), the reader's own, a link's, redeeming, the newsroom's. */
  giftCheckout: (input: GiftCheckoutInput) => sendJson<{ url: string }>('POST', '/api/gifts/checkout', input),
  giftsMine: () => getJson<Gift[]>('/api/gifts/mine'),
  giftPreview: (token: string) => getJson<GiftPreview>(`/api/gifts/${encodeURIComponent(token)}`),
  redeemGift: (token: string) => sendJson<Subscription>('POST', `/api/gifts/${encodeURIComponent(token)}/redeem`),
  newsroomGifts: (after: number | null) =>
    getJson<GiftAdminPage>(`/api/newsroom/gifts${after ? `?after=${after}` : ''}`),
  grant: (userId: number, planId: number, until: string) =>
    sendJson<Subscription>('POST', '/api/newsroom/subscriptions', { userId, planId, until }),
};

/** The revenue settings on `/api/newsroom/settings` (issue 42). */
export type RevenueSettings = Pick<
  NewsroomSettings,
  'vat_percent' | 'past_due_grace_days' | 'metered_articles_per_month' | 'gift_links_per_month'
>;
export const revenueSettingsApi = {
  get: () => getJson<NewsroomSettings>('/api/newsroom/settings'),
  save: (patch: Partial<RevenueSettings>) => sendJson<NewsroomSettings>('PUT', '/api/newsroom/settings', patch),
};
