import { z } from 'zod';
import { CATEGORIES, parseCategory } from './categories.js';
import { ARTICLES_DEFAULT_LIMIT, ARTICLES_MAX_LIMIT, CONTENT_MAX, TITLE_MAX } from './constants.js';
import { MESSAGE_AS_IS } from './errors.js';
import { MSG } from './messages.js';

/** A category as stored and returned: one of the ten of spec 000 §2, in upper case. */
export const CategorySchema = z
  .enum(CATEGORIES)
  .meta({ id: 'Category', description: 'One of the ten categories (spec 000 §2), in upper case.' });

/**
 * A category as clients send it, in any casing ("sport", "Världen", "VÄRLDEN"), read as its stored
 * form. The one place a category is parsed: the article list's `category` and the article body's.
 * Missing or empty is a missing required field; anything else unknown is "Unknown category: <value>".
 */
export const CategoryNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? MSG.articleRequired : undefined) })
  .transform((value, ctx) => {
    const category = parseCategory(value);
    if (category) return category;
    const given = value.trim();
    if (!given) ctx.addIssue({ code: 'custom', message: MSG.articleRequired, input: value });
    else
      ctx.addIssue({
        code: 'custom',
        message: `${MSG.invalidCategory}: ${given}`,
        input: value,
        params: MESSAGE_AS_IS,
      });
    return z.NEVER;
  })
  .meta({ description: 'A category in any casing, e.g. `sport`, `Världen`, `VÄRLDEN`.', enum: [...CATEGORIES] });

/** Article of spec 000 §3. `date` is ISO 8601 UTC. */
export const ArticleSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    content: z.string(),
    excerpt: z.string(),
    category: CategorySchema,
    date: z.string(),
    updated_at: z.string(),
    author: z.string(),
    author_id: z.number().int().nullable(),
    author_display_name: z.string(),
    author_profile_picture: z.string().nullable(),
    featured_image: z.string().nullable(),
  })
  .meta({ id: 'Article' });
export type Article = z.infer<typeof ArticleSchema>;

/** Article without its body: what lists, sidebars and related blocks need. */
export type ArticleSummary = Omit<Article, 'content'>;

export const ArticleListQuerySchema = z.object({
  /** Empty means every category. */
  category: z.preprocess((v) => (v === '' ? undefined : v), CategoryNameSchema.optional()),
  limit: z.coerce.number().int().min(1).max(ARTICLES_MAX_LIMIT).default(ARTICLES_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ArticleListQuery = z.infer<typeof ArticleListQuerySchema>;

export const ArticleListSchema = z.array(ArticleSchema);

export const IdParamSchema = z.object({ id: z.coerce.number().int().positive() });
export const SlugParamSchema = z.object({ slug: z.string().min(1).max(200) });

/** Body of `POST /articles` and `PUT /articles/{id}` (spec 000 §7). Required-field failures carry the spec text. */
export const ArticleInputSchema = z.object({
  title: z
    .string({ error: 'Please fill in all required fields' })
    .trim()
    .min(1, 'Please fill in all required fields')
    .max(TITLE_MAX, `Rubriken får vara högst ${TITLE_MAX} tecken`),
  content: z
    .string({ error: 'Please fill in all required fields' })
    .refine(
      (v) => v.replace(/<[^>]*>/g, '').trim().length > 0 || /<img\s/i.test(v),
      'Please fill in all required fields',
    )
    .refine((v) => v.length <= CONTENT_MAX, `Texten får vara högst ${CONTENT_MAX} tecken`),
  category: CategoryNameSchema,
  featured_image: z
    .string()
    .trim()
    .max(2000)
    .refine(
      (v) => v === '' || /^(https?:\/\/|\/uploads\/)/i.test(v),
      'Bildens adress måste börja med https:// eller /uploads/',
    )
    .nullable()
    .optional(),
});
export type ArticleInput = z.infer<typeof ArticleInputSchema>;
/** What a client sends (before the schema's transforms: the category as typed). */
export type ArticleInputBody = z.input<typeof ArticleInputSchema>;

export const UploadResponseSchema = z.object({ url: z.string() });
