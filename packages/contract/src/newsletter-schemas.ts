/**
 * Newsletter "Morgonbrevet" (issue 21): zod schemas. Texts: newsletter.ts.
 *
 *   POST /newsletter/subscribe          anyone   { email } → 202 { msg } (same answer for every address)
 *   POST /newsletter/confirm            anyone   { token } → { msg } | 404
 *   POST /unsubscribe?token=            anyone   one-click (RFC 8058) → { msg } | 404
 *   GET  /unsubscribe?token=            anyone   → 303 to the page /avprenumerera?token=
 *   GET  /admin/newsletter              admin    → NewsletterOverview
 *   GET  /admin/newsletter/subscribers  admin    ?after=&status= → NewsletterSubscriberPage
 *   POST /admin/newsletter/test         admin    → { msg } (today's issue to the admin's address)
 */
import { z } from 'zod';
import { MailStatusSchema } from './mail-schemas.js';

export const NewsletterSubscribeSchema = z.object({
  email: z.string().trim().max(320).email('Ange en giltig e-postadress.'),
});
export type NewsletterSubscribe = z.infer<typeof NewsletterSubscribeSchema>;

export const NewsletterTokenSchema = z.object({ token: z.string().min(1).max(300) });
export type NewsletterToken = z.infer<typeof NewsletterTokenSchema>;

export const NewsletterMessageSchema = z.object({ msg: z.string() }).meta({ id: 'NewsletterMessage' });
export type NewsletterMessage = z.infer<typeof NewsletterMessageSchema>;

export const NewsletterIssueSchema = z
  .object({
    day: z.string(),
    /** 'sending' while batches are queued, then 'sent'. */
    status: z.enum(['sending', 'sent']),
    articles: z.number().int(),
    recipients: z.number().int(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'NewsletterIssue' });
export type NewsletterIssue = z.infer<typeof NewsletterIssueSchema>;

export const NewsletterOverviewSchema = z
  .object({
    confirmed: z.number().int(),
    pending: z.number().int(),
    /** The next 07:00 Europe/Stockholm (ISO, UTC). */
    next_send_at: z.string(),
    issues: z.array(NewsletterIssueSchema),
    mail: MailStatusSchema,
  })
  .meta({ id: 'NewsletterOverview' });
export type NewsletterOverview = z.infer<typeof NewsletterOverviewSchema>;

export const NewsletterSubscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(['pending', 'confirmed']),
  has_account: z.boolean(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type NewsletterSubscriber = z.infer<typeof NewsletterSubscriberSchema>;

export const NewsletterSubscriberPageSchema = z
  .object({
    items: z.array(NewsletterSubscriberSchema),
    /** Pass as `after` for the next page; null on the last. */
    next: z.number().int().nullable(),
  })
  .meta({ id: 'NewsletterSubscriberPage' });
export type NewsletterSubscriberPage = z.infer<typeof NewsletterSubscriberPageSchema>;

export const NewsletterSubscribersQuerySchema = z.object({
  after: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  status: z.enum(['pending', 'confirmed']).optional(),
});

export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(300) });
