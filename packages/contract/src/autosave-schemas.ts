/**
 * Issue 41: autosave — zod schemas. Texts and constants: autosave.ts.
 *
 *   GET    /newsroom/autosaves/:article   writer, admin → Autosave | null
 *   PUT    /newsroom/autosaves/:article   writer, admin  AutosaveInput → { saved_at }
 *   DELETE /newsroom/autosaves/:article   writer, admin → 204
 *
 * `:article` is an article id, or `new` for an article not yet created.
 */
import { z } from 'zod';
import {
  BYLINE_MAX,
  IMAGE_TEXT_MAX,
  INGRESS_MAX,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  SLUG_MAX,
  SOCIAL_DESCRIPTION_MAX,
  SOCIAL_TITLE_MAX,
  TAG_MAX,
  TAGS_PER_ARTICLE,
  TEASER_MAX,
} from './articles.js';
import { AUTOSAVE_NEW, AUTOSAVE_TEXT } from './autosave.js';
import { CONTENT_MAX, TITLE_MAX } from './constants.js';
import { MESSAGE_AS_IS } from './errors.js';

const text = (max: number) => z.string().max(max).default('');

/** The editor's form as typed: half-written is fine, only the sizes are bounded. */
export const AutosaveDraftSchema = z.object({
  title: text(TITLE_MAX),
  content: text(CONTENT_MAX),
  category: text(40),
  /** Comma-separated, as typed. */
  tags: text((TAG_MAX + 2) * TAGS_PER_ARTICLE),
  byline: text(BYLINE_MAX),
  featured: text(2000),
  alt: text(IMAGE_TEXT_MAX),
  caption: text(IMAGE_TEXT_MAX),
  credit: text(IMAGE_TEXT_MAX),
  /** The schedule field (Stockholm local, `datetime-local`). */
  when: text(20),
  ingress: text(INGRESS_MAX),
  front_headline: text(TITLE_MAX),
  teaser: text(TEASER_MAX),
  slug: text(SLUG_MAX),
  seo_title: text(SEO_TITLE_MAX),
  seo_description: text(SEO_DESCRIPTION_MAX),
  social_title: text(SOCIAL_TITLE_MAX),
  social_description: text(SOCIAL_DESCRIPTION_MAX),
  social_image: text(2000),
  /** The focal point as "x,y" (0..1 each), or empty. */
  focal: text(40),
  /** Issue 44: `article` or `live`. */
  kind: text(10),
});
export type AutosaveDraft = z.infer<typeof AutosaveDraftSchema>;

export const AutosaveInputSchema = z.object({
  /** The article's version the editor opened (null for a new article); a stale one is a 409. */
  base_version: z.number().int().min(1).nullable(),
  draft: AutosaveDraftSchema,
});
export type AutosaveInput = z.infer<typeof AutosaveInputSchema>;

export const AutosaveSchema = z
  .object({
    base_version: z.number().int().nullable(),
    saved_at: z.string(),
    /** Someone saved the article after this copy was made. */
    stale: z.boolean(),
    draft: AutosaveDraftSchema,
  })
  .meta({ id: 'Autosave' });
export type Autosave = z.infer<typeof AutosaveSchema>;

export const AutosaveSavedSchema = z.object({ saved_at: z.string() });

export const AutosaveParamSchema = z.object({
  article: z.string().refine((v) => v === AUTOSAVE_NEW || /^[1-9]\d{0,14}$/.test(v), {
    message: AUTOSAVE_TEXT.badSlot,
    params: MESSAGE_AS_IS,
  }),
});
