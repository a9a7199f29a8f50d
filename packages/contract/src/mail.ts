/** Outgoing e-mail (issue 21): texts admins see about sending. Browser-safe. */

/** What admins are told about e-mail. */
export const MAIL_MSG = {
  notConfigured: 'E-post skickas inte: SMTP_URL saknas, breven skrivs till loggen',
  configured: 'E-post skickas via SMTP.',
  settingsSaved: 'Inställningarna är sparade.',
  requireVerificationLabel: 'Kräv bekräftad e-postadress för nya konton innan de kan kommentera',
} as const;

/** Kinds of mail that are transactional (no List-Unsubscribe): what a reader asked for just now. */
export const TRANSACTIONAL_MAIL_KINDS = ['password-reset', 'verify-email', 'staff-invitation', 'gift'] as const;

/** Sent and given-up mails stay in the outbox (the admin's send log) this many days, then go. */
export const MAIL_RETENTION_DAYS = 30;
