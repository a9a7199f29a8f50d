/**
 * What readers send the newsroom: contact messages, tips and ad inquiries (spec 001 §2, §3, §5, §9),
 * and the admin inbox that receives them. Browser-safe: the forms and the server run the same
 * `validate…` functions, so both show the same message for the same input.
 */
import { EMAIL_MAX, EMAIL_PATTERN } from './users.js';

export const INBOX_KINDS = ['contact', 'tip', 'ad'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export const INBOX_KIND_LABELS: Record<InboxKind, string> = {
  contact: 'Kontaktmeddelanden',
  tip: 'Tips',
  ad: 'Annonsförfrågningar',
};

export const INBOX_STATUSES = ['new', 'handled'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export const INBOX_STATUS_LABELS: Record<InboxStatus, string> = { new: 'Ny', handled: 'Hanterad' };

/** Spec 001 §3 ad inquiry types, in the spec's order. */
export const AD_INQUIRY_TYPES = ['banner', 'native', 'newsletter', 'sponsoredContent', 'package', 'other'] as const;
export type AdInquiryType = (typeof AD_INQUIRY_TYPES)[number];
export const AD_INQUIRY_TYPE_LABELS: Record<AdInquiryType, string> = {
  banner: 'Banner',
  native: 'Native-annons',
  newsletter: 'Nyhetsbrev',
  sponsoredContent: 'Sponsrat innehåll',
  package: 'Paketlösning',
  other: 'Annat',
};

/** Length limits (ours; the spec gives none). */
export const INBOX_LIMITS = {
  name: 120,
  email: EMAIL_MAX,
  phone: 40,
  company: 200,
  title: 300,
  message: 5000,
  details: 10_000,
} as const;

/** Submissions one address may make per window, per form. */
export const INBOX_SUBMISSIONS_PER_WINDOW = 5;
export const INBOX_RATE_WINDOW_MS = 10 * 60_000;

/**
 * Retention (ours; the privacy policy states it): an item marked handled is deleted this many days
 * later. Items not yet handled stay until they are.
 */
export const INBOX_RETENTION_DAYS = 180;

/** Digits, spaces, +, -, parentheses; at most 40 characters and at least 6 digits. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{5,39}$/;

export const INBOX_MSG = {
  // spec 001 §5, exact
  contactRequired: 'Vänligen fyll i alla obligatoriska fält.',
  contactEmail: 'Vänligen ange en giltig e-postadress.',
  tipDetails: 'Vänligen fyll i information om ditt tips.',
  tipName: 'Vänligen ange ditt namn eller välj att vara anonym.',
  // spec 001 §5 gives no text for these; the contact form's texts are reused so the forms agree
  tipEmail: 'Vänligen ange en giltig e-postadress.',
  adRequired: 'Vänligen fyll i alla obligatoriska fält.',
  adEmail: 'Vänligen ange en giltig e-postadress.',
  // our own
  adType: 'Vänligen välj en av annonsformerna i listan.',
  phone: 'Vänligen ange ett giltigt telefonnummer.',
  rateLimited: 'Du har skickat flera meddelanden på kort tid. Vänta en stund och försök igen.',
  sendFailed: 'Det gick inte att skicka just nu. Försök igen om en stund.',
  notFound: 'Meddelandet finns inte',
  contactSent: 'Tack för ditt meddelande!',
  tipSent: 'Tack för ditt tips!',
  adSent: 'Tack för din förfrågan!',
  markedHandled: 'Markerad som hanterad',
  markedNew: 'Markerad som ohanterad',
} as const;

export const tooLongMsg = (label: string, max: number) => `${label} får vara högst ${max} tecken.`;

export interface ContactInput {
  name: string;
  email: string;
  message: string;
}

/** Spec 001 §3 tip form. With `anonymous`, name, e-mail and phone are discarded. */
export interface TipInput {
  anonymous: boolean;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  title: string;
  details: string;
  evidence: boolean;
}

/** Spec 001 §3 ad inquiry. */
export interface AdInquiryInput {
  name: string;
  company: string;
  email: string;
  phone?: string | null;
  adType: string;
  message?: string | null;
}

/** A submission as it arrives: any field may be missing or null. */
export type Loose<T> = { [K in keyof T]?: T[K] | null };

export interface FormProblem<F extends string> {
  msg: string;
  field: F;
}

const blank = (v: string | null | undefined) => !v?.trim();
const badEmail = (v: string) => !EMAIL_PATTERN.test(v.trim());
const badPhone = (v: string) => !PHONE_PATTERN.test(v.trim()) || v.replace(/\D/g, '').length < 6;

function lengths<F extends string>(
  v: Partial<Record<F, unknown>>,
  limits: [F, number, string][],
): FormProblem<F> | null {
  for (const [field, max, label] of limits) {
    const s = v[field];
    if (typeof s === 'string' && s.trim().length > max) return { msg: tooLongMsg(label, max), field };
  }
  return null;
}

/** Spec 001 §5 contact form rules, in the table's order. */
export function validateContact(v: Loose<ContactInput>): FormProblem<keyof ContactInput> | null {
  const firstMissing = (['name', 'email', 'message'] as const).find((f) => blank(v[f]));
  if (firstMissing) return { msg: INBOX_MSG.contactRequired, field: firstMissing };
  if (badEmail(v.email!)) return { msg: INBOX_MSG.contactEmail, field: 'email' };
  return lengths<keyof ContactInput>(v, [
    ['name', INBOX_LIMITS.name, 'Namnet'],
    ['email', INBOX_LIMITS.email, 'E-postadressen'],
    ['message', INBOX_LIMITS.message, 'Meddelandet'],
  ]);
}

type TipField = 'name' | 'email' | 'phone' | 'title' | 'details';

/** Spec 001 §5 tip form rules, in the table's order. Anonymous tips skip name, e-mail and phone. */
export function validateTip(v: Loose<TipInput>): FormProblem<TipField> | null {
  if (blank(v.title)) return { msg: INBOX_MSG.tipDetails, field: 'title' };
  if (blank(v.details)) return { msg: INBOX_MSG.tipDetails, field: 'details' };
  if (!v.anonymous) {
    if (blank(v.name)) return { msg: INBOX_MSG.tipName, field: 'name' };
    if (!blank(v.email) && badEmail(v.email!)) return { msg: INBOX_MSG.tipEmail, field: 'email' };
    if (!blank(v.phone) && badPhone(v.phone!)) return { msg: INBOX_MSG.phone, field: 'phone' };
  }
  return lengths<TipField>(v.anonymous ? { title: v.title, details: v.details } : v, [
    ['name', INBOX_LIMITS.name, 'Namnet'],
    ['email', INBOX_LIMITS.email, 'E-postadressen'],
    ['phone', INBOX_LIMITS.phone, 'Telefonnumret'],
    ['title', INBOX_LIMITS.title, 'Rubriken'],
    ['details', INBOX_LIMITS.details, 'Beskrivningen'],
  ]);
}

type AdField = 'name' | 'company' | 'email' | 'phone' | 'adType' | 'message';

/** Spec 001 §5 ad inquiry rules: name, company, e-mail and ad type required; e-mail valid. */
export function validateAdInquiry(v: Loose<AdInquiryInput>): FormProblem<AdField> | null {
  const firstMissing = (['name', 'company', 'email', 'adType'] as const).find((f) => blank(v[f]));
  if (firstMissing) return { msg: INBOX_MSG.adRequired, field: firstMissing };
  if (badEmail(v.email!)) return { msg: INBOX_MSG.adEmail, field: 'email' };
  if (!(AD_INQUIRY_TYPES as readonly string[]).includes(v.adType!.trim()))
    return { msg: INBOX_MSG.adType, field: 'adType' };
  if (!blank(v.phone) && badPhone(v.phone!)) return { msg: INBOX_MSG.phone, field: 'phone' };
  return lengths<AdField>(v, [
    ['name', INBOX_LIMITS.name, 'Namnet'],
    ['company', INBOX_LIMITS.company, 'Företagsnamnet'],
    ['email', INBOX_LIMITS.email, 'E-postadressen'],
    ['phone', INBOX_LIMITS.phone, 'Telefonnumret'],
    ['message', INBOX_LIMITS.message, 'Meddelandet'],
  ]);
}

// The stored items (ContactMessage, Tip, AdInquiry, InboxItem, InboxList) are derived from their
// zod schemas in inbox-schemas.ts and exported from the index as types.

export const INBOX_PAGE_SIZE = 50;
