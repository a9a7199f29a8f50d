import { z } from 'zod';
import { AD_INQUIRY_TYPES, INBOX_KINDS, INBOX_PAGE_SIZE, INBOX_STATUSES } from './inbox.js';

/**
 * Request bodies only check types and a generous size here; the rules and their Swedish messages
 * (spec 001 §5) are `validateContact` / `validateTip` / `validateAdInquiry`, which the service runs,
 * so the server answers with the same text the form shows.
 */
const text = z.string().max(20_000).nullable().optional();

export const ContactInputSchema = z.object({ name: text, email: text, message: text });

export const TipInputSchema = z.object({
  anonymous: z.boolean().optional().default(false),
  name: text,
  email: text,
  phone: text,
  title: text,
  details: text,
  evidence: z.boolean().optional().default(false),
});

export const AdInquiryInputSchema = z.object({
  name: text,
  company: text,
  email: text,
  phone: text,
  adType: text,
  message: text,
});

export const InboxSentSchema = z.object({ msg: z.string() });

const base = {
  id: z.number().int(),
  status: z.enum(INBOX_STATUSES),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  /** Display name of the admin who marked it handled. */
  handled_by: z.string().nullable(),
};

export const InboxItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('contact'), ...base, name: z.string(), email: z.string(), message: z.string() }),
  /**
   * A tip. For an anonymous one, name, e-mail and phone are null and `created_at` is rounded down to
   * the hour (so it cannot be matched to a page view in a log by its exact time).
   */
  z.object({
    kind: z.literal('tip'),
    ...base,
    anonymous: z.boolean(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    title: z.string(),
    details: z.string(),
    evidence: z.boolean(),
  }),
  z.object({
    kind: z.literal('ad'),
    ...base,
    name: z.string(),
    company: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    ad_type: z.enum(AD_INQUIRY_TYPES),
    message: z.string().nullable(),
  }),
]);

export type InboxItem = z.infer<typeof InboxItemSchema>;
export type ContactMessage = Extract<InboxItem, { kind: 'contact' }>;
export type Tip = Extract<InboxItem, { kind: 'tip' }>;
export type AdInquiry = Extract<InboxItem, { kind: 'ad' }>;

export const InboxQuerySchema = z.object({
  kind: z.enum(INBOX_KINDS),
  status: z.enum(INBOX_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(INBOX_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** `GET /api/inbox` response. `unhandled` counts every kind, for the tabs. */
export const InboxListSchema = z.object({
  items: z.array(InboxItemSchema),
  total: z.number().int(),
  unhandled: z.object({ contact: z.number().int(), tip: z.number().int(), ad: z.number().int() }),
});
export type InboxList = z.infer<typeof InboxListSchema>;

export const InboxItemParamsSchema = z.object({
  kind: z.enum(INBOX_KINDS),
  id: z.coerce.number().int().positive(),
});

export const InboxHandledInputSchema = z.object({ handled: z.boolean().optional().default(true) });
