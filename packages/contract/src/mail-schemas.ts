/**
 * Outgoing e-mail (issue 21): zod schemas. Texts: mail.ts.
 *
 *   GET /admin/mail/status     admin   → MailStatus
 *   GET /admin/mail/settings   admin   → MailSettings
 *   PUT /admin/mail/settings   admin   MailSettings → MailSettings
 */
import { z } from 'zod';

export const MailStatusSchema = z
  .object({
    /** false: no SMTP_URL, mails are written to the server log. */
    configured: z.boolean(),
    /** The sender address. */
    from: z.string(),
    /** Mails waiting to be sent (incl. those waiting for a retry). */
    queued: z.number().int(),
    /** Mails given up after every retry. */
    failed: z.number().int(),
    /** When the last mail left (ISO), null before the first. */
    lastSentAt: z.string().nullable(),
    /** What admins should read: MAIL_MSG.notConfigured or .configured. */
    msg: z.string(),
  })
  .meta({ id: 'MailStatus' });
export type MailStatus = z.infer<typeof MailStatusSchema>;

export const MailSettingsSchema = z
  .object({
    /** New accounts with an e-mail must confirm it before they may comment. */
    require_email_verification: z.boolean(),
  })
  .meta({ id: 'MailSettings' });
export type MailSettings = z.infer<typeof MailSettingsSchema>;
