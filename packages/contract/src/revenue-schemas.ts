/**
 * Issue 42: reader revenue — zod schemas. Texts and rules: revenue.ts.
 *
 *   GET  /plans                           public   → Plan[] (on sale)
 *   GET  /newsroom/plans                  admin    → Plan[] (all)
 *   POST /newsroom/plans                  admin    PlanInput → Plan
 *   PUT  /newsroom/plans/:id              admin    PlanInput → Plan
 *   POST /newsroom/subscriptions          admin    ComplimentaryInput → Subscription
 *   GET  /subscriptions/mine              user     → Subscription | null
 *   POST /subscriptions/checkout          user     CheckoutInput → { url }
 *   POST /subscriptions/portal            user     → { url }
 *   POST /stripe/webhook                  Stripe   raw body, Stripe-Signature
 *   POST /articles/:id/gift-links         subscriber → { url }
 *   GET  /gift-links/mine                 user     → GiftLink[]
 *   DELETE /gift-links/:id                user     → { msg }
 *   GET  /newsroom/revenue/history?days=N admin    → RevenueHistory (N ≤ 400)
 *   GET  /newsroom/offers                 admin    → Offer[]
 *   POST /newsroom/offers                 admin    OfferInput → Offer
 *   GET  /offers/:code                    public   → OfferQuote (404 unknown, 410 expired, 409 used up)
 *   POST /gifts/checkout                  user     GiftCheckoutInput → { url } (Stripe Checkout, one payment)
 *   GET  /gifts/mine                      user     → Gift[] (the gifts this reader bought)
 *   GET  /gifts/:token                    public   → GiftPreview (404 unknown, 410 expired)
 *   POST /gifts/:token/redeem             user     → Subscription (409 redeemed or renewing subscription)
 *   GET  /newsroom/gifts?after=           admin    → GiftAdminPage (50 a page, newest first)
 */
import { z } from 'zod';
import { MESSAGE_AS_IS } from './errors.js';
import {
  ARTICLE_ACCESS,
  GIFT_MESSAGE_MAX,
  GIFT_MONTHS,
  GIFT_STATUSES,
  REVENUE_HISTORY_MAX_DAYS,
  REVENUE_MSG,
  SUBSCRIPTION_STATUSES,
} from './revenue.js';
import { EMAIL_MAX, EMAIL_PATTERN, USERS_MSG } from './users.js';

export const ArticleAccessSchema = z.enum(ARTICLE_ACCESS).meta({
  id: 'ArticleAccess',
  description: 'Who reads the whole article: `free` (anyone), `registered` (logged in), `subscribers`.',
});

/** A price in kronor, VAT included (at most two decimals). */
const price = z.number().min(0).max(100_000).multipleOf(0.01).nullable();

export const PlanSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    benefits: z.array(z.string()),
    /** Price per month in kronor, VAT included (null: not sold monthly). */
    price_month_sek: price,
    /** Price per year in kronor, VAT included (null: not sold yearly). */
    price_year_sek: price,
    trial_days: z.number().int(),
    on_sale: z.boolean(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof PlanSchema>;

export const PlanInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Ange ett namn').max(80),
    benefits: z.array(z.string().trim().min(1).max(200)).max(10).default([]),
    price_month_sek: price.optional().default(null),
    price_year_sek: price.optional().default(null),
    trial_days: z.number().int().min(0).max(90).default(0),
    on_sale: z.boolean().default(true),
  })
  .refine((p) => p.price_month_sek !== null || p.price_year_sek !== null, {
    message: REVENUE_MSG.needsAPrice,
    params: MESSAGE_AS_IS,
  });
export type PlanInput = z.infer<typeof PlanInputSchema>;

export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

export const SubscriptionSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    plan_id: z.number().int().nullable(),
    plan_name: z.string(),
    status: SubscriptionStatusSchema,
    /** Whether it gives access now (status, grace period and end). */
    has_access: z.boolean(),
    interval: z.enum(['month', 'year']).nullable(),
    /** `stripe`, `complimentary` (an admin's grant) or `gift` (a redeemed gift subscription). */
    source: z.enum(['stripe', 'complimentary', 'gift']),
    current_period_end: z.string().nullable(),
    cancel_at_period_end: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const ComplimentaryInputSchema = z.object({
  userId: z.number().int().positive(),
  planId: z.number().int().positive(),
  /** RFC 3339 time or a date (YYYY-MM-DD) when the complimentary access ends. */
  until: z.string().min(10).max(40),
});
export type ComplimentaryInput = z.infer<typeof ComplimentaryInputSchema>;

export const CheckoutInputSchema = z.object({
  planId: z.number().int().positive(),
  interval: z.enum(['month', 'year']),
  /** The article the reader came from (conversions per article). */
  articleId: z.number().int().positive().optional(),
  /** An offer's code (case-insensitive): the first period at the offer's price. */
  offerCode: z.string().trim().min(1).max(40).optional(),
});
export type CheckoutInput = z.infer<typeof CheckoutInputSchema>;

export const UrlResponseSchema = z.object({ url: z.string() });

export const GiftLinkSchema = z
  .object({
    id: z.number().int(),
    article_id: z.number().int(),
    article_title: z.string(),
    url: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'GiftLink' });
export type GiftLink = z.infer<typeof GiftLinkSchema>;

/** What a reader's page asks about their own access (the meter's count). */
export const MeterSchema = z
  .object({
    /** Subscriber articles a logged-in free reader may still open this month (null: no meter). */
    left: z.number().int().nullable(),
    of: z.number().int(),
  })
  .meta({ id: 'Meter' });
export type Meter = z.infer<typeof MeterSchema>;

/** One row of the newsroom's subscriber list (`GET /newsroom/subscribers`). */
export const SubscriberRowSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    username: z.string(),
    plan_name: z.string(),
    status: SubscriptionStatusSchema,
    has_access: z.boolean(),
    source: z.string(),
    interval: z.string().nullable(),
    current_period_end: z.string().nullable(),
    origin_article_id: z.number().int().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'SubscriberRow' });
export type SubscriberRow = z.infer<typeof SubscriberRowSchema>;

/** A page of the newsroom's subscriber list: `next` is the `after` of the next page (null: the last). */
export const SubscriberPageSchema = z.object({
  items: z.array(SubscriberRowSchema),
  next: z.number().int().nullable(),
});
export type SubscriberPage = z.infer<typeof SubscriberPageSchema>;

/** The newsroom's revenue figures (`GET /newsroom/revenue`). */
export const RevenueSummarySchema = z
  .object({
    /** Subscriptions by stored status. */
    counts: z.record(z.string(), z.number()),
    /** Monthly recurring revenue in kronor incl. VAT (yearly plans count a twelfth). */
    mrr_sek: z.number(),
    /** Which articles subscriptions started from, most first (at most 20). */
    conversions: z.array(
      z.object({
        article_id: z.number().int(),
        subscriptions: z.number().int(),
        /** The article's title and slug (null: it was deleted). */
        title: z.string().nullable(),
        slug: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'RevenueSummary' });
export type RevenueSummary = z.infer<typeof RevenueSummarySchema>;

/** One Swedish day's revenue figures (`GET /newsroom/revenue/history`), measured once that day. */
export const RevenueDaySchema = z
  .object({
    day: z.string(),
    /** Monthly recurring revenue in kronor incl. VAT, as in RevenueSummary. */
    mrr_sek: z.number(),
    /** Subscriptions giving access that day, by status (complimentary ones count as active). */
    active: z.number().int(),
    trialing: z.number().int(),
    past_due: z.number().int(),
    canceled: z.number().int(),
  })
  .meta({ id: 'RevenueDay' });
export type RevenueDay = z.infer<typeof RevenueDaySchema>;

export const RevenueHistoryQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(REVENUE_HISTORY_MAX_DAYS).default(90),
});

/** The last N days' figures, oldest first (days without a measurement are missing). */
export const RevenueHistorySchema = z.object({ days: z.array(RevenueDaySchema) }).meta({ id: 'RevenueHistory' });
export type RevenueHistory = z.infer<typeof RevenueHistorySchema>;

const OfferIntervalSchema = z.enum(['month', 'year']);

export const OfferInputSchema = z.object({
  planId: z.number().int().positive(),
  /** Case-insensitive, unique. */
  code: z
    .string()
    .trim()
    .min(3, 'Koden måste ha minst 3 tecken')
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, REVENUE_MSG.offerCodeChars),
  /** Which price the offer lowers: the first month of a monthly or the first year of a yearly subscription. */
  interval: OfferIntervalSchema,
  percent_off: z.number().int().min(1, 'Ange en rabatt på 1–100 %').max(100, 'Ange en rabatt på 1–100 %'),
  /** The last day (Swedish time, YYYY-MM-DD) the code can be used. */
  valid_until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Ange ett datum (ÅÅÅÅ-MM-DD)'),
  /** How many subscriptions the code may start (none: no limit). */
  max_redemptions: z.number().int().min(1).max(1_000_000).nullable().optional(),
});
export type OfferInput = z.infer<typeof OfferInputSchema>;

export const OfferSchema = z
  .object({
    id: z.number().int(),
    plan_id: z.number().int(),
    plan_name: z.string(),
    /** As typed by readers it is case-insensitive; shown in capitals. */
    code: z.string(),
    interval: OfferIntervalSchema,
    percent_off: z.number().int(),
    /** The last instant the code works (the end of its last day in Sweden). */
    valid_until: z.string(),
    max_redemptions: z.number().int().nullable(),
    /** Subscriptions started with it (counted when Stripe reports the checkout complete). */
    redemptions: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof OfferSchema>;

/** What a reader is shown for a code before payment (prices in kronor incl. VAT). */
export const OfferQuoteSchema = z
  .object({
    code: z.string(),
    plan_id: z.number().int(),
    plan_name: z.string(),
    interval: OfferIntervalSchema,
    percent_off: z.number().int(),
    valid_until: z.string(),
    /** The first period's price with the offer. */
    first_price_sek: z.number(),
    /** The price of every later period. */
    regular_price_sek: z.number(),
  })
  .meta({ id: 'OfferQuote' });
export type OfferQuote = z.infer<typeof OfferQuoteSchema>;

// ---------------------------------------------------------------- gift subscriptions (issue 42)

export const GiftStatusSchema = z.enum(GIFT_STATUSES);

/** `POST /gifts/checkout`: a plan for a number of months, for someone else. */
export const GiftCheckoutInputSchema = z.object({
  planId: z.number().int().positive(),
  months: z
    .number()
    .int()
    .refine((m) => (GIFT_MONTHS as readonly number[]).includes(m), {
      message: REVENUE_MSG.giftMonths,
      params: MESSAGE_AS_IS,
    }),
  /** Where the link is mailed (optional: the buyer can pass it on themselves). */
  recipientEmail: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z
      .string()
      .trim()
      .max(EMAIL_MAX, USERS_MSG.invalidEmail)
      .refine((v) => EMAIL_PATTERN.test(v), USERS_MSG.invalidEmail)
      .optional(),
  ),
  /** A short greeting shown to the recipient. */
  message: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string().trim().max(GIFT_MESSAGE_MAX, `Hälsningen får vara högst ${GIFT_MESSAGE_MAX} tecken`).optional(),
  ),
});
export type GiftCheckoutInput = z.infer<typeof GiftCheckoutInputSchema>;

/** A gift the reader bought (`GET /gifts/mine`), with its redeem link. */
export const GiftSchema = z
  .object({
    id: z.number().int(),
    plan_name: z.string(),
    months: z.number().int(),
    amount_sek: z.number(),
    recipient_email: z.string().nullable(),
    message: z.string().nullable(),
    status: GiftStatusSchema,
    /** The redeem link (only its hash is stored; it is derived again from the payment). */
    url: z.string(),
    created_at: z.string(),
    /** The last instant it can be redeemed. */
    expires_at: z.string(),
    redeemed_at: z.string().nullable(),
  })
  .meta({ id: 'Gift' });
export type Gift = z.infer<typeof GiftSchema>;

/** What a redeem link shows before it is redeemed (public; never the buyer). */
export const GiftPreviewSchema = z
  .object({
    plan_name: z.string(),
    benefits: z.array(z.string()),
    months: z.number().int(),
    message: z.string().nullable(),
    status: z.enum(['available', 'redeemed']),
    expires_at: z.string(),
  })
  .meta({ id: 'GiftPreview' });
export type GiftPreview = z.infer<typeof GiftPreviewSchema>;

export const GiftTokenParamSchema = z.object({ token: z.string().min(1).max(200) });

/** One gift in the newsroom's list. */
export const GiftAdminRowSchema = z
  .object({
    id: z.number().int(),
    buyer_id: z.number().int().nullable(),
    buyer: z.string().nullable(),
    plan_name: z.string(),
    months: z.number().int(),
    amount_sek: z.number(),
    recipient_email: z.string().nullable(),
    status: GiftStatusSchema,
    created_at: z.string(),
    expires_at: z.string(),
    redeemed_at: z.string().nullable(),
    redeemed_by: z.number().int().nullable(),
    redeemer: z.string().nullable(),
  })
  .meta({ id: 'GiftAdminRow' });
export type GiftAdminRow = z.infer<typeof GiftAdminRowSchema>;

/** A page of gifts, newest first: `next` is the `after` of the next page (null: the last). */
export const GiftAdminPageSchema = z.object({ items: z.array(GiftAdminRowSchema), next: z.number().int().nullable() });
export type GiftAdminPage = z.infer<typeof GiftAdminPageSchema>;
