/**
 * Comment moderation (issue 16): zod schemas. Constants and Swedish texts: moderation.ts.
 *
 * Endpoints (all under /api; "writer-owner" = a writer, for comments on articles whose author they are):
 *
 *   GET    /moderation/settings               admin                  → ModerationSettings
 *   PUT    /moderation/settings               admin                  ModerationSettingsInput → ModerationSettings
 *   GET    /moderation/articles/:id           anyone                 → ArticleModeration (is the comment form open?)
 *   PUT    /moderation/articles/:id           admin, writer-owner    ArticleModerationInput → ArticleModeration
 *   POST   /comments/:id/reports              anyone (visitors rate-limited) ReportInput → 201 { msg }
 *   GET    /moderation/queue                  admin (all), writer (own articles)  QueueQuery → QueuePage
 *   GET    /moderation/queue/count            admin, writer (own)    → QueueCount (header badge)
 *   POST   /moderation/comments/:id/approve   admin, writer-owner    → ModerationResult
 *   POST   /moderation/comments/:id/reject    admin, writer-owner    RejectCommentInput → ModerationResult
 *   POST   /moderation/bulk                   admin, writer (own; others are skipped) BulkInput → BulkResult
 *   GET    /moderation/bans                   admin                  BansQuery → BanPage
 *   POST   /moderation/bans                   admin                  BanInput → 201 Ban
 *   DELETE /moderation/bans/:id               admin                  → { msg }
 *   GET    /moderation/audit                  admin                  AuditQuery → AuditPage
 *
 * Comments (existing routes) gain `moderation_status` and `moderation_reasons` (see CommentSchema).
 * POST /comments answers 201 with the comment; when held its `moderation_status` is 'pending'. A
 * visitor's answer carries `author_token`: the browser keeps it and sends it back in the
 * `X-Commenter-Token` header (COMMENTER_TOKEN_HEADER) on GET /comments, GET /comments/:id/replies
 * and later POST /comments, to see its own held comments. Refusals: 400 banned word, 403 banned
 * commenter, 403 comments closed — each with a Swedish `msg`.
 */
import { z } from 'zod';
import { CategoryNameSchema, CategorySchema } from './articles-schemas.js';
import { CommentSchema, ModerationReasonSchema, ModerationStatusSchema } from './comments-schemas.js';
import { canonicalApiTime, DATES_MSG, parseApiTime } from './dates.js';
import { MESSAGE_AS_IS } from './errors.js';
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE,
  AUDIT_PAGE_MAX,
  AUTO_CLOSE_DAYS_MAX,
  BAN_KINDS,
  BULK_ACTIONS,
  BULK_MAX,
  LINK_LIMIT_MAX,
  MODERATION_MODES,
  MODERATION_MSG,
  MODERATION_REASON_MAX,
  QUEUE_ORDERS,
  QUEUE_PAGE,
  QUEUE_PAGE_MAX,
  QUEUE_TABS,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_THRESHOLD_MAX,
  WORD_LIST_MAX,
  WORD_MAX,
} from './moderation.js';
import { EMAIL_MAX } from './users.js';

export const ModerationModeSchema = z.enum(MODERATION_MODES).meta({
  id: 'ModerationMode',
  description:
    "'publish': at once (default); 'first-time': hold until one comment is approved; 'all': hold every comment.",
});

/** One entry of a word list. `word_beginning`: also matches words that begin with it ("idiot" → "idioterna"). */
export const WordEntrySchema = z
  .object({
    word: z.string(),
    word_beginning: z.boolean(),
  })
  .meta({ id: 'WordEntry' });
export type WordEntry = z.infer<typeof WordEntrySchema>;

/** A word as an admin sends it (trimmed; letters, digits, space, hyphen, apostrophe). */
const WordEntryInputSchema = z.object({
  word: z
    .string()
    .trim()
    .min(1, MODERATION_MSG.wordInvalid)
    .max(WORD_MAX, MODERATION_MSG.wordTooLong)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N}' -]*$/u, MODERATION_MSG.wordInvalid),
  word_beginning: z.boolean().default(false),
});

const inputWordList = z.array(WordEntryInputSchema).max(WORD_LIST_MAX, MODERATION_MSG.wordListTooLong);

const settingsFields = {
  mode: ModerationModeSchema,
  /** More links than this → held. null: no limit. */
  link_limit: z.number().int().min(0).max(LINK_LIMIT_MAX).nullable(),
  /** Hold a text identical to one posted in the last 7 days (same commenter, or anyone for 20+ characters). */
  hold_repeated: z.boolean(),
  /** Comments close this many days after the article's publication. null: never. */
  auto_close_days: z.number().int().min(1).max(AUTO_CLOSE_DAYS_MAX).nullable(),
  /** Open reports that hide a comment until it is reviewed. */
  report_threshold: z.number().int().min(1).max(REPORT_THRESHOLD_MAX),
  /** Admins are notified when the queue (pending + hidden) reaches this size. null: never. */
  queue_alert_threshold: z.number().int().min(1).max(1_000_000).nullable(),
};

/** What an admin sets (PUT /moderation/settings). Banned words are refused naming the word; suspect ones held. */
export const ModerationSettingsInputSchema = z.object({
  ...settingsFields,
  /** Hold comments with a word of the built-in Swedish list (issue 41). Left out: unchanged. */
  builtin_words: z.boolean().optional(),
  banned_words: inputWordList,
  suspect_words: inputWordList,
});
export type ModerationSettingsInput = z.infer<typeof ModerationSettingsInputSchema>;

export const ModerationSettingsSchema = z
  .object({
    ...settingsFields,
    /** Comments with a word of the built-in Swedish list (LDNOOBW's, less everyday words) wait for review. */
    builtin_words: z.boolean(),
    banned_words: z.array(WordEntrySchema),
    suspect_words: z.array(WordEntrySchema),
    /** Increases with every save (the processes' word-list caches follow it). */
    version: z.number().int(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'ModerationSettings' });
export type ModerationSettings = z.infer<typeof ModerationSettingsSchema>;

/** An article's comment policy (GET /moderation/articles/:id). */
export const ArticleModerationSchema = z
  .object({
    article_id: z.number().int(),
    /** The article's own mode; null: the site's. */
    mode: ModerationModeSchema.nullable(),
    /** The mode that applies now. */
    effective_mode: ModerationModeSchema,
    /** Closed by hand. */
    closed: z.boolean(),
    /** When comments close by themselves (auto-close setting), or null. */
    closes_at: z.string().nullable(),
    /** Whether new comments are accepted now. */
    open: z.boolean(),
  })
  .meta({ id: 'ArticleModeration' });
export type ArticleModeration = z.infer<typeof ArticleModerationSchema>;

export const ArticleModerationInputSchema = z.object({
  mode: ModerationModeSchema.nullable(),
  closed: z.boolean(),
});
export type ArticleModerationInput = z.infer<typeof ArticleModerationInputSchema>;

export const ReportInputSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: MODERATION_MSG.reportReason }),
  note: z.string().trim().max(REPORT_NOTE_MAX, MODERATION_MSG.reportNoteTooLong).optional().nullable(),
});
export type ReportInput = z.infer<typeof ReportInputSchema>;

/** Reports of one comment, for the queue. */
export const ReportSummarySchema = z
  .object({
    /** Open (not yet reviewed) reports. */
    open: z.number().int(),
    by_reason: z.record(z.enum(REPORT_REASONS), z.number().int()),
    /** The latest notes (at most 5). */
    notes: z.array(z.object({ reason: z.enum(REPORT_REASONS), note: z.string(), created_at: z.string() })),
  })
  .meta({ id: 'ReportSummary' });
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

/** The commenter behind a queue item: account or visitor e-mail, history and standing. */
export const CommenterSchema = z
  .object({
    user_id: z.number().int().nullable(),
    name: z.string(),
    /** Admins only (null for writers). */
    email: z.string().nullable(),
    approved: z.number().int(),
    rejected: z.number().int(),
    banned: z.boolean(),
    premoderated: z.boolean(),
  })
  .meta({ id: 'Commenter' });
export type Commenter = z.infer<typeof CommenterSchema>;

export const QueueArticleSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    category: CategorySchema,
  })
  .meta({ id: 'QueueArticle' });

/** The comment answered, shortened for context (null for a top-level comment). */
export const QueueParentSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    content: z.string(),
    isDeleted: z.boolean(),
    moderation_status: ModerationStatusSchema,
  })
  .meta({ id: 'QueueParent' });

export const QueueItemSchema = z
  .object({
    comment: CommentSchema,
    article: QueueArticleSchema,
    parent: QueueParentSchema.nullable(),
    commenter: CommenterSchema,
    /** Why it is in the queue, oldest first (the reason for rejection last). */
    reasons: z.array(ModerationReasonSchema),
    reports: ReportSummarySchema,
    /** When it entered this tab. */
    queued_at: z.string(),
  })
  .meta({ id: 'QueueItem' });
export type QueueItem = z.infer<typeof QueueItemSchema>;

const cursor = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, MODERATION_MSG.cursor)
  .describe('next_cursor of the previous page');

export const QueueQuerySchema = z.object({
  tab: z.enum(QUEUE_TABS).default('pending'),
  category: CategoryNameSchema.optional(),
  articleId: z.coerce.number().int().positive().optional(),
  order: z.enum(QUEUE_ORDERS).default('oldest'),
  cursor: cursor.optional(),
  limit: z.coerce.number().int().min(1).max(QUEUE_PAGE_MAX).default(QUEUE_PAGE).describe(`default ${QUEUE_PAGE}`),
});
/** The queue query as the server reads it (defaults applied). */
export type QueueQuery = z.output<typeof QueueQuerySchema>;
/** The queue query as a client sends it. */
export type QueueQueryInput = z.input<typeof QueueQuerySchema>;

export const QueuePageSchema = z
  .object({
    items: z.array(QueueItemSchema),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'QueuePage' });
export type QueuePage = z.infer<typeof QueuePageSchema>;

/** Sizes of the tabs the viewer may moderate (the header badge shows `pending + reported`), each at most QUEUE_COUNT_MAX. */
export const QueueCountSchema = z
  .object({
    pending: z.number().int(),
    reported: z.number().int(),
    rejected: z.number().int(),
  })
  .meta({ id: 'QueueCount' });
export type QueueCount = z.infer<typeof QueueCountSchema>;

export const RejectCommentInputSchema = z.object({
  reason: z.string().trim().max(MODERATION_REASON_MAX, MODERATION_MSG.reasonTooLong).optional().nullable(),
});
export type RejectCommentInput = z.infer<typeof RejectCommentInputSchema>;

/** The comment after an approve or reject. */
export const ModerationResultSchema = z
  .object({
    msg: z.string(),
    comment_id: z.number().int(),
    moderation_status: ModerationStatusSchema,
  })
  .meta({ id: 'ModerationResult' });
export type ModerationResult = z.infer<typeof ModerationResultSchema>;

export const BulkInputSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  ids: z.array(z.number().int().positive()).min(1, MODERATION_MSG.bulkEmpty).max(BULK_MAX, MODERATION_MSG.bulkTooMany),
  reason: z.string().trim().max(MODERATION_REASON_MAX, MODERATION_MSG.reasonTooLong).optional().nullable(),
});
export type BulkInput = z.infer<typeof BulkInputSchema>;

export const BulkResultSchema = z
  .object({
    msg: z.string(),
    done: z.array(z.number().int()),
    /** Not done, each with why (not in the queue, not your article…). */
    skipped: z.array(z.object({ id: z.number().int(), msg: z.string() })),
  })
  .meta({ id: 'BulkResult' });
export type BulkResult = z.infer<typeof BulkResultSchema>;

/** Ban or always pre-moderate one commenter: an account (user_id) or an e-mail address, never both. */
export const BanInputSchema = z.object({
  user_id: z.number().int().positive().optional().nullable(),
  email: z.string().trim().toLowerCase().max(EMAIL_MAX).optional().nullable(),
  kind: z.enum(BAN_KINDS).default('ban'),
  /** ISO time it ends; null: for good. */
  until: z
    .string()
    .refine((v) => parseApiTime(v) !== null, { message: DATES_MSG.badTime, params: MESSAGE_AS_IS })
    .transform((v) => canonicalApiTime(v) as string)
    .nullable(),
  reason: z.string().trim().max(MODERATION_REASON_MAX, MODERATION_MSG.reasonTooLong).optional().nullable(),
});
export type BanInput = z.infer<typeof BanInputSchema>;

export const BanSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int().nullable(),
    email: z.string().nullable(),
    /** The account's display name, when it is an account. */
    name: z.string().nullable(),
    kind: z.enum(BAN_KINDS),
    until: z.string().nullable(),
    reason: z.string().nullable(),
    created_at: z.string(),
    created_by: z.number().int().nullable(),
    /** false once `until` has passed (kept for the record). */
    active: z.boolean(),
  })
  .meta({ id: 'Ban' });
export type Ban = z.infer<typeof BanSchema>;

export const BansQuerySchema = z.object({
  active: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === undefined || v === 'true' || v === '1'),
  cursor: cursor.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE),
});

export const BanPageSchema = z
  .object({ bans: z.array(BanSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'BanPage' });
export type BanPage = z.infer<typeof BanPageSchema>;

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    /** Who did it; null for the system (reports threshold, auto-approve). */
    actor_id: z.number().int().nullable(),
    actor_name: z.string().nullable(),
    comment_id: z.number().int().nullable(),
    article_id: z.number().int().nullable(),
    ban_id: z.number().int().nullable(),
    /** What changed, in Swedish (the reason given, the ban's target and end, the settings changed…). */
    detail: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  cursor: cursor.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE),
  commentId: z.coerce.number().int().positive().optional(),
});

export const AuditPageSchema = z
  .object({ entries: z.array(AuditEntrySchema), next_cursor: z.string().nullable() })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPageSchema>;
