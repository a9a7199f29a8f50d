/**
 * Issue 41: front pages — zod schemas. Texts and constants: fronts.ts.
 *
 *   GET    /fronts/:front                                   public  → Front
 *   GET    /newsroom/fronts                                 admin   → FrontOverview[]
 *   GET    /newsroom/fronts/:front                          admin   → FrontBoard
 *   PUT    /newsroom/fronts/:front                          admin   FrontInput → Front (409 when stale)
 *   GET    /newsroom/fronts/:front/versions?before          admin   → FrontVersion[] (newest first)
 *   POST   /newsroom/fronts/:front/versions/:n/restore      admin   { version } → Front
 *   POST   /newsroom/fronts/:front/schedules                admin   FrontScheduleInput → FrontSchedule
 *   DELETE /newsroom/fronts/:front/schedules/:id            admin
 */
import { z } from 'zod';
import { ArticleSchema } from './articles-schemas.js';
import { canonicalApiTime, DATES_HINT, parseApiTime } from './dates.js';
import { MESSAGE_AS_IS } from './errors.js';
import { FRONT_HEADLINE_MAX, FRONT_SIZES, FRONT_SLOTS_MAX, FRONT_TEASER_MAX, FRONT_TEXT } from './fronts.js';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null)
    .nullable()
    .optional();

export const FrontSlotInputSchema = z.object({
  articleId: z.number().int().min(1).max(2_147_483_647),
  size: z.enum(FRONT_SIZES),
  /** Front-only headline and teaser (null: the article's own). */
  headline: optionalText(FRONT_HEADLINE_MAX),
  teaser: optionalText(FRONT_TEASER_MAX),
  /** Front-only picture address (null: the article's featured image). */
  image: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\//.test(v), {
      message: 'Bildadressen måste börja med https:// eller /',
      params: MESSAGE_AS_IS,
    })
    .transform((v) => v || null)
    .nullable()
    .optional(),
});
export type FrontSlotInput = z.infer<typeof FrontSlotInputSchema>;

const slotsSchema = z
  .array(FrontSlotInputSchema)
  .refine((s) => s.length <= FRONT_SLOTS_MAX, {
    message: `Högst ${FRONT_SLOTS_MAX} fästa platser`,
    params: MESSAGE_AS_IS,
  })
  .refine((s) => new Set(s.map((x) => x.articleId)).size === s.length, {
    message: FRONT_TEXT.duplicate,
    params: MESSAGE_AS_IS,
  });

export const FrontInputSchema = z.object({
  /** The version the board opened (0 for a front never saved); a stale one answers 409. */
  version: z.number().int().min(0),
  slots: slotsSchema,
});
export type FrontInput = z.infer<typeof FrontInputSchema>;

const apiTime = z
  .string()
  .refine((v) => parseApiTime(v) !== null, { message: `Ogiltig tid: ${DATES_HINT}`, params: MESSAGE_AS_IS })
  .transform((v) => canonicalApiTime(v) as string);

export const FrontScheduleInputSchema = z.object({ apply_at: apiTime, slots: slotsSchema });
export type FrontScheduleInput = z.infer<typeof FrontScheduleInputSchema>;

export const FrontParamsSchema = z.object({ front: z.string().max(40) });
export const FrontVersionParamsSchema = z.object({
  front: z.string().max(40),
  version: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const FrontScheduleParamsSchema = z.object({
  front: z.string().max(40),
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const FrontVersionsQuerySchema = z.object({
  /** Versions older than this one (the next page). */
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export const FrontRestoreBodySchema = z.object({ version: z.number().int().min(0) });

const ArticleListItemSchema = ArticleSchema.omit({ content: true });

/** A pinned slot as readers get it: the article as the lists show it. */
export const FrontSlotSchema = z.object({
  size: z.enum(FRONT_SIZES),
  headline: z.string().nullable(),
  teaser: z.string().nullable(),
  image: z.string().nullable(),
  article: ArticleListItemSchema,
});
export type FrontSlot = z.infer<typeof FrontSlotSchema>;

/** `GET /fronts/:front`: the pinned slots readers see (unpublished or deleted articles left out). */
export const FrontSchema = z
  .object({ front: z.string(), version: z.number().int(), slots: z.array(FrontSlotSchema) })
  .meta({ id: 'Front' });
export type Front = z.infer<typeof FrontSchema>;

export const FrontOverviewSchema = z.object({
  front: z.string(),
  label: z.string(),
  version: z.number().int(),
  pinned: z.number().int(),
  updated_at: z.string().nullable(),
  scheduled: z.number().int(),
});
export type FrontOverview = z.infer<typeof FrontOverviewSchema>;

/** A slot as stored (answers: no transforms). */
export const StoredFrontSlotSchema = z.object({
  articleId: z.number().int(),
  size: z.enum(FRONT_SIZES),
  headline: z.string().nullable(),
  teaser: z.string().nullable(),
  image: z.string().nullable(),
});
export type StoredFrontSlot = z.infer<typeof StoredFrontSlotSchema>;

export const FrontScheduleSchema = z.object({
  id: z.number().int(),
  apply_at: z.string(),
  created_by: z.string(),
  slots: z.array(StoredFrontSlotSchema),
});
export type FrontSchedule = z.infer<typeof FrontScheduleSchema>;

/** The board: every stored slot (also hidden articles, marked), the waiting scheduled changes. */
export const FrontBoardSchema = z
  .object({
    front: z.string(),
    label: z.string(),
    version: z.number().int(),
    slots: z.array(
      FrontSlotSchema.extend({
        /** False: readers do not see the article now (unpublished, draft): its slot is skipped. */
        visible: z.boolean(),
      }),
    ),
    schedules: z.array(FrontScheduleSchema),
  })
  .meta({ id: 'FrontBoard' });
export type FrontBoard = z.infer<typeof FrontBoardSchema>;

export const FrontVersionSchema = z.object({
  version: z.number().int(),
  created_at: z.string(),
  created_by: z.string(),
  slots: z.array(StoredFrontSlotSchema),
});
export type FrontVersion = z.infer<typeof FrontVersionSchema>;
