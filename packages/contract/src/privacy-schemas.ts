import { z } from 'zod';
import { MESSAGE_AS_IS } from './errors.js';
import { COMMENT_CHOICES, PRIVACY_MSG } from './privacy.js';
import { GiftSchema, SubscriptionSchema } from './revenue-schemas.js';
import { ACCOUNT_TYPES, PASSWORD_MAX_LENGTH } from './users.js';

/** `DELETE /api/profile`: the password again, and what happens to the comments. */
export const AccountDeleteSchema = z
  .object({
    password: z
      .string({ error: PRIVACY_MSG.passwordMissing })
      .max(PASSWORD_MAX_LENGTH, PRIVACY_MSG.passwordWrong)
      .superRefine((value, ctx) => {
        if (!value)
          ctx.addIssue({ code: 'custom', message: PRIVACY_MSG.passwordMissing, input: value, params: MESSAGE_AS_IS });
      }),
    comments: z.enum(COMMENT_CHOICES, { error: PRIVACY_MSG.commentsChoice }),
  })
  .meta({ id: 'AccountDelete' });
export type AccountDelete = z.infer<typeof AccountDeleteSchema>;

export const AccountDeletedSchema = z.object({ msg: z.string() }).meta({ id: 'AccountDeleted' });

const ExportAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  profile_picture: z.string().nullable(),
  account_type: z.enum(ACCOUNT_TYPES),
  created_at: z.string(),
  updated_at: z.string(),
  last_login: z.string().nullable(),
});

const ExportSessionSchema = z.object({ created_at: z.string(), expires_at: z.string(), current: z.boolean() });
const ExportApiTokenSchema = z.object({ name: z.string(), created_at: z.string() });

const ExportCommentSchema = z.object({
  id: z.number().int(),
  article: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }).nullable(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  content: z.string(),
  status: z.string(),
  deleted: z.boolean(),
  created_at: z.string(),
});

const ExportNotificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  action_url: z.string().nullable(),
  created_at: z.string(),
});

const ExportRoleRequestSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  message: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});

const ExportReportSchema = z.object({
  comment_id: z.number().int(),
  reason: z.string(),
  note: z.string().nullable(),
  resolved: z.boolean(),
  created_at: z.string(),
});

const ExportBanSchema = z.object({
  kind: z.string(),
  until: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  lifted_at: z.string().nullable(),
});

/** Issue 44: the entries a person posted to live reports. */
const ExportLiveEntrySchema = z.object({
  id: z.number().int(),
  article_id: z.number().int(),
  content: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  removed: z.boolean(),
  /** Prepared in the desk, never published. */
  draft: z.boolean(),
});

const ExportArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  status: z.string(),
  published_at: z.string(),
  role: z.enum(['author', 'coauthor']),
});

/** Newsletter subscriptions by the account or its address (issue 21). */
const ExportSubscriptionSchema = z.object({
  email: z.string(),
  status: z.string(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});

/** E-mail copies of notifications: the kinds chosen and what waits to be mailed (issue 21). */
const ExportEmailNotificationsSchema = z.object({
  chosen: z.array(z.object({ kind: z.string(), created_at: z.string() })),
  waiting: z.array(
    z.object({
      kind: z.string(),
      title: z.string(),
      message: z.string(),
      action_url: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

/**
 * `GET /api/profile/export`: everything the site keeps about the account, one section per module
 * (decision 027). Never a password hash, token or token hash. A later module adds its section here
 * and registers it in the server's `services.ts` (`wirePersonalData`).
 */
export const PersonalDataExportSchema = z
  .object({
    format: z.string(),
    exported_at: z.string(),
    account: ExportAccountSchema,
    sessions: z.array(ExportSessionSchema),
    api_tokens: z.array(ExportApiTokenSchema),
    comments: z.array(ExportCommentSchema),
    notifications: z.array(ExportNotificationSchema),
    role_requests: z.array(ExportRoleRequestSchema),
    moderation_reports: z.array(ExportReportSchema),
    moderation_bans: z.array(ExportBanSchema),
    articles: z.array(ExportArticleSchema),
    live_entries: z.array(ExportLiveEntrySchema),
    newsletter_subscriptions: z.array(ExportSubscriptionSchema),
    email_notifications: ExportEmailNotificationsSchema,
    /** Issue 42: the reader's subscriptions (plan, status, period). */
    reader_subscriptions: z.array(SubscriptionSchema),
    /** Issue 42: the gift subscriptions the person bought (without their redeem links). */
    gift_subscriptions: z.array(GiftSchema.omit({ url: true })),
  })
  .meta({ id: 'PersonalDataExport' });
export type PersonalDataExport = z.infer<typeof PersonalDataExportSchema>;
export type ExportAccount = z.infer<typeof ExportAccountSchema>;
export type ExportSession = z.infer<typeof ExportSessionSchema>;
export type ExportApiToken = z.infer<typeof ExportApiTokenSchema>;
export type ExportComment = z.infer<typeof ExportCommentSchema>;
export type ExportNotification = z.infer<typeof ExportNotificationSchema>;
export type ExportRoleRequest = z.infer<typeof ExportRoleRequestSchema>;
export type ExportReport = z.infer<typeof ExportReportSchema>;
export type ExportBan = z.infer<typeof ExportBanSchema>;
export type ExportArticle = z.infer<typeof ExportArticleSchema>;
export type ExportLiveEntry = z.infer<typeof ExportLiveEntrySchema>;
