import { z } from 'zod';
import {
  DSA_ACTIONS,
  DSA_APPEAL_OUTCOMES,
  DSA_GROUNDS,
  DSA_KINDS,
  DSA_MSG,
  DSA_NAME_MAX,
  DSA_PAGE,
  DSA_PAGE_MAX,
  DSA_TEXT_MAX,
  DSA_URL_MAX,
  type DsaKind,
} from './dsa.js';
import { MESSAGE_AS_IS } from './errors.js';
import { EMAIL_MAX, EMAIL_PATTERN } from './users.js';

const asIs = (message: string) => ({ message, params: MESSAGE_AS_IS });
/** A required text: missing, empty or too long each have their own message, as it is. */
const text = (required: string, tooLong: string, max = DSA_TEXT_MAX) =>
  z.preprocess(
    (v) => v ?? '',
    z
      .string(asIs(required))
      .trim()
      .refine((v) => v.length > 0, asIs(required))
      .refine((v) => v.length <= max, asIs(tooLong)),
  );
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/** `POST /api/dsa/notices` (anyone). */
export const DsaNoticeInputSchema = z.object({
  url: z.preprocess(
    (v) => v ?? '',
    z
      .string(asIs(DSA_MSG.urlInvalid))
      .trim()
      .refine((v) => v.length > 0 && v.length <= DSA_URL_MAX, asIs(DSA_MSG.urlInvalid)),
  ),
  kind: z.preprocess(
    (v) => v ?? '',
    z
      .string(asIs(DSA_MSG.kindRequired))
      .refine((v): v is DsaKind => (DSA_KINDS as readonly string[]).includes(v), asIs(DSA_MSG.kindRequired))
      .transform((v) => v as DsaKind)
      .meta({ enum: [...DSA_KINDS] }),
  ),
  explanation: text(DSA_MSG.explanationRequired, DSA_MSG.explanationTooLong),
  /** Optional where the law allows (not for every kind in the DSA, but we never require it). */
  name: optionalText(DSA_NAME_MAX),
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || EMAIL_PATTERN.test(v), asIs(DSA_MSG.emailInvalid)),
  good_faith: z.preprocess(
    (v) => v === true,
    z
      .boolean()
      .refine((v) => v, asIs(DSA_MSG.goodFaith))
      .transform(() => true as const),
  ),
});
export type DsaNoticeInput = z.infer<typeof DsaNoticeInputSchema>;

export const DsaReceiptSchema = z.object({ case_number: z.string(), msg: z.string() }).meta({ id: 'DsaReceipt' });
export type DsaReceipt = z.infer<typeof DsaReceiptSchema>;

/** A notice as moderators see it (`GET /api/dsa/notices`). */
export const DsaNoticeSchema = z
  .object({
    id: z.number().int(),
    case_number: z.string(),
    url: z.string(),
    kind: z.enum(DSA_KINDS),
    explanation: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    created_at: z.string(),
    /** The comment the address points at (`#comment-<id>`), as it stands now. */
    comment: z.object({ id: z.number().int(), name: z.string(), content: z.string(), status: z.string() }).nullable(),
    article: z.object({ id: z.number().int(), title: z.string(), url: z.string() }).nullable(),
    decision: z
      .object({
        action: z.enum(DSA_ACTIONS),
        ground: z.enum(DSA_GROUNDS).nullable(),
        text: z.string(),
        decided_at: z.string(),
        decided_by: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'DsaNotice' });
export type DsaNotice = z.infer<typeof DsaNoticeSchema>;

export const DsaNoticePageSchema = z
  .object({ items: z.array(DsaNoticeSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'DsaNoticePage' });
export type DsaNoticePage = z.infer<typeof DsaNoticePageSchema>;

const cursor = z
  .string()
  .refine((v) => /^\d{1,12}$/.test(v), asIs('Ogiltig markör'))
  .optional();

export const DsaNoticesQuerySchema = z.object({
  status: z.enum(['open', 'decided']).default('open'),
  cursor,
  limit: z.coerce.number().int().min(1).max(DSA_PAGE_MAX).default(DSA_PAGE),
});

/** `POST /api/dsa/notices/:id/decision` (admin). */
export const DsaDecisionInputSchema = z
  .object({
    action: z.enum(DSA_ACTIONS),
    /** Required for a removal. */
    ground: z.enum(DSA_GROUNDS).nullish(),
    text: text(DSA_MSG.decisionTextRequired, `Motiveringen får vara högst ${DSA_TEXT_MAX} tecken`),
  })
  .refine((d) => d.action !== 'removed' || !!d.ground, {
    message: 'Välj grunden för att ta bort innehållet',
    params: MESSAGE_AS_IS,
  });
export type DsaDecisionInput = z.infer<typeof DsaDecisionInputSchema>;

/** `POST /api/dsa/appeals`: the affected commenter (logged in, or with the token from the mail). */
export const DsaAppealInputSchema = z.object({
  case_number: z.preprocess(
    (v) => v ?? '',
    z.string(asIs(DSA_MSG.caseNotFound)).trim().max(40, asIs(DSA_MSG.caseNotFound)),
  ),
  text: text(DSA_MSG.appealTextRequired, `Överklagan får vara högst ${DSA_TEXT_MAX} tecken`),
  /** A visitor commenter's proof (the link in the statement's mail). */
  token: z.string().max(300).nullish(),
});
export type DsaAppealInput = z.infer<typeof DsaAppealInputSchema>;

/** A statement of reasons (Art. 17), with its appeal (Art. 20) when there is one. */
export const DsaStatementSchema = z
  .object({
    id: z.number().int(),
    case_number: z.string(),
    comment_id: z.number().int(),
    comment_excerpt: z.string(),
    action: z.enum(['removed', 'hidden']),
    ground: z.enum(DSA_GROUNDS),
    facts: z.string(),
    automated: z.boolean(),
    created_at: z.string(),
    appeal_until: z.string(),
    decided_by: z.string().nullable(),
    appeal: z
      .object({
        text: z.string(),
        appealed_at: z.string(),
        outcome: z.enum(DSA_APPEAL_OUTCOMES).nullable(),
        outcome_text: z.string().nullable(),
        decided_at: z.string().nullable(),
        decided_by: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'DsaStatement' });
export type DsaStatement = z.infer<typeof DsaStatementSchema>;

export const DsaAppealPageSchema = z
  .object({ items: z.array(DsaStatementSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'DsaAppealPage' });
export type DsaAppealPage = z.infer<typeof DsaAppealPageSchema>;

export const DsaAppealsQuerySchema = z.object({
  status: z.enum(['open', 'decided']).default('open'),
  cursor,
  limit: z.coerce.number().int().min(1).max(DSA_PAGE_MAX).default(DSA_PAGE),
});

/** `POST /api/dsa/appeals/:id/decision` (admin, not the one who decided). */
export const DsaAppealDecisionInputSchema = z.object({
  outcome: z.enum(DSA_APPEAL_OUTCOMES),
  text: text(DSA_MSG.decisionTextRequired, `Motiveringen får vara högst ${DSA_TEXT_MAX} tecken`),
});
export type DsaAppealDecisionInput = z.infer<typeof DsaAppealDecisionInputSchema>;

const day = z.string().refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), asIs(DSA_MSG.transparencyRange));
export const TransparencyQuerySchema = z.object({ from: day.optional(), to: day.optional() });

/** `GET /api/transparency?from=&to=` (public): the report for a period (days in Stockholm time, inclusive). */
export const TransparencyReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    notices: z.object({
      total: z.number().int(),
      by_kind: z.array(z.object({ kind: z.enum(DSA_KINDS), label: z.string(), count: z.number().int() })),
      removed: z.number().int(),
      no_action: z.number().int(),
      open: z.number().int(),
      /** Median hours from notice to decision, of those decided in the period; null when none. */
      median_hours_to_decide: z.number().nullable(),
    }),
    statements: z.object({
      total: z.number().int(),
      /** Decisions taken by automated means (comments hidden by readers' reports reaching the threshold). */
      automated: z.number().int(),
    }),
    appeals: z.object({
      total: z.number().int(),
      upheld: z.number().int(),
      reversed: z.number().int(),
      open: z.number().int(),
    }),
  })
  .meta({ id: 'TransparencyReport' });
export type TransparencyReport = z.infer<typeof TransparencyReportSchema>;
