import { z } from 'zod';
import {
  CORRECTION_TEXT_MAX,
  CORRECTION_WRONG_MAX,
  CORRECTIONS_MSG,
  CORRECTIONS_PAGE,
  CORRECTIONS_PAGE_MAX,
} from './corrections.js';
import { MESSAGE_AS_IS } from './errors.js';

const asIs = (message: string) => ({ message, params: MESSAGE_AS_IS });

/** `POST /api/newsroom/articles/:id/corrections`, `PUT /api/newsroom/corrections/:id`. */
export const CorrectionInputSchema = z.object({
  // A missing text is an empty one (its message as it is).
  text: z.preprocess(
    (v) => v ?? '',
    z
      .string(asIs(CORRECTIONS_MSG.textRequired))
      .trim()
      .refine((v) => v.length > 0, asIs(CORRECTIONS_MSG.textRequired))
      .refine((v) => v.length <= CORRECTION_TEXT_MAX, asIs(CORRECTIONS_MSG.textTooLong))
      .meta({ description: `1–${CORRECTION_TEXT_MAX} characters` }),
  ),
  /** What was wrong (optional; shown with the correction). */
  what_was_wrong: z
    .string()
    .trim()
    .refine((v) => v.length <= CORRECTION_WRONG_MAX, asIs(CORRECTIONS_MSG.wrongTooLong))
    .nullish()
    .transform((v) => v || null),
});
export type CorrectionInput = z.infer<typeof CorrectionInputSchema>;

/** A correction as readers see it with its article (`corrections` in the article's API answer). */
export const ArticleCorrectionSchema = z
  .object({
    id: z.number().int(),
    text: z.string(),
    what_was_wrong: z.string().nullable(),
    created_at: z.string(),
    /** When the correction itself was last amended, or null. */
    amended_at: z.string().nullable(),
  })
  .meta({ id: 'ArticleCorrection' });
export type ArticleCorrection = z.infer<typeof ArticleCorrectionSchema>;

/** A correction in the list of all (`GET /api/corrections`, `/rattelser`, the feed). */
export const CorrectionSchema = ArticleCorrectionSchema.extend({
  articleId: z.number().int(),
  article_title: z.string(),
  article_url: z.string(),
}).meta({ id: 'Correction' });
export type Correction = z.infer<typeof CorrectionSchema>;

export const CorrectionPageSchema = z
  .object({ items: z.array(CorrectionSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'CorrectionPage' });
export type CorrectionPage = z.infer<typeof CorrectionPageSchema>;

export const CorrectionsQuerySchema = z.object({
  cursor: z
    .string()
    .refine((v) => /^\d{1,12}$/.test(v), asIs('Ogiltig markör'))
    .optional(),
  limit: z.coerce.number().int().min(1).max(CORRECTIONS_PAGE_MAX).default(CORRECTIONS_PAGE),
});

/** A correction with its earlier wordings, for the newsroom (`GET /api/newsroom/articles/:id/corrections`). */
export const CorrectionHistorySchema = ArticleCorrectionSchema.extend({
  created_by: z.string().nullable(),
  versions: z.array(
    z.object({
      text: z.string(),
      what_was_wrong: z.string().nullable(),
      replaced_at: z.string(),
      replaced_by: z.string().nullable(),
    }),
  ),
}).meta({ id: 'CorrectionHistory' });
export type CorrectionHistory = z.infer<typeof CorrectionHistorySchema>;
