import { z } from 'zod';
import { MESSAGE_AS_IS } from './errors.js';
import {
  REPLIES_MSG,
  REPLIES_PAGE,
  REPLIES_PAGE_MAX,
  REPLY_DECISION_MAX,
  REPLY_NAME_MAX,
  REPLY_STATUSES,
  REPLY_TEXT_MAX,
} from './replies.js';
import { EMAIL_MAX, EMAIL_PATTERN, USERS_MSG } from './users.js';

const asIs = (message: string) => ({ message, params: MESSAGE_AS_IS });
const required = (msg: string, max: number, tooLong: string = msg) =>
  z.preprocess(
    (v) => v ?? '',
    z
      .string(asIs(msg))
      .trim()
      .refine((v) => v.length > 0, asIs(msg))
      .refine((v) => v.length <= max, asIs(tooLong)),
  );

/** `POST /api/replies` (anyone). */
export const ReplyInputSchema = z.object({
  articleId: z.coerce.number().int().positive(),
  name: required(REPLIES_MSG.nameRequired, REPLY_NAME_MAX),
  email: required(REPLIES_MSG.emailRequired, EMAIL_MAX, USERS_MSG.invalidEmail).refine(
    (v) => EMAIL_PATTERN.test(v),
    asIs(USERS_MSG.invalidEmail),
  ),
  text: required(REPLIES_MSG.textRequired, REPLY_TEXT_MAX, REPLIES_MSG.textTooLong),
});
export type ReplyInput = z.infer<typeof ReplyInputSchema>;

export const ReplyReceiptSchema = z.object({ case_number: z.string(), msg: z.string() }).meta({ id: 'ReplyReceipt' });

/** A case as the newsroom sees it. */
export const ReplyCaseSchema = z
  .object({
    id: z.number().int(),
    case_number: z.string(),
    status: z.enum(REPLY_STATUSES),
    name: z.string(),
    email: z.string(),
    text: z.string(),
    created_at: z.string(),
    article: z.object({ id: z.number().int(), title: z.string(), url: z.string() }).nullable(),
    decision_text: z.string().nullable(),
    decided_at: z.string().nullable(),
    decided_by: z.string().nullable(),
    reply_article: z.object({ id: z.number().int(), title: z.string(), url: z.string() }).nullable(),
  })
  .meta({ id: 'ReplyCase' });
export type ReplyCase = z.infer<typeof ReplyCaseSchema>;

export const ReplyCasePageSchema = z
  .object({ items: z.array(ReplyCaseSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'ReplyCasePage' });
export type ReplyCasePage = z.infer<typeof ReplyCasePageSchema>;

export const RepliesQuerySchema = z.object({
  status: z.enum(REPLY_STATUSES).optional(),
  cursor: z
    .string()
    .refine((v) => /^\d{1,12}$/.test(v), asIs('Ogiltig markör'))
    .optional(),
  limit: z.coerce.number().int().min(1).max(REPLIES_PAGE_MAX).default(REPLIES_PAGE),
});

/** `PUT /api/newsroom/replies/:id` (admin): the next state, with reasons for a rejection, the article for a publication. */
export const ReplyDecisionSchema = z.object({
  status: z.enum(['granted', 'published', 'rejected']),
  decision_text: z
    .string()
    .trim()
    .max(REPLY_DECISION_MAX)
    .nullish()
    .transform((v) => v || null),
  /** The published article holding the reply (for `published`). */
  reply_article_id: z.coerce.number().int().positive().nullish(),
});
export type ReplyDecision = z.infer<typeof ReplyDecisionSchema>;

/** What an article page shows of replies: those published to it, and what it replies to. */
export interface ArticleReplyLinks {
  replies: { title: string; url: string }[];
  replyTo: { title: string; url: string } | null;
}
