import { z } from 'zod';
import {
  ARTICLE_STATUSES,
  AUTHORS_PER_ARTICLE,
  BYLINE_MAX,
  IMAGE_TEXT_MAX,
  INGRESS_MAX,
  NEWSROOM_CURSOR,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  SLUG_MAX,
  SLUG_PATTERN,
  SOCIAL_DESCRIPTION_MAX,
  SOCIAL_TITLE_MAX,
  TAG_MAX,
  TAGS_PER_ARTICLE,
  TEASER_MAX,
} from './articles.js';
import { NEWSROOM_TEXT } from './articles-texts.js';
import { CATEGORIES, parseCategory } from './categories.js';
import { ARTICLES_DEFAULT_LIMIT, ARTICLES_MAX_LIMIT, CONTENT_MAX, TITLE_MAX } from './constants.js';
import { ArticleCorrectionSchema } from './corrections-schemas.js';
import { canonicalApiTime, DATES_HINT, parseApiTime } from './dates.js';
import { MESSAGE_AS_IS } from './errors.js';
import { ARTICLE_KINDS } from './live.js';
import { MSG } from './messages.js';
import { ArticleAccessSchema } from './revenue-schemas.js';

/** A category as stored and returned: one of the ten of spec 000 §2, in upper case. */
export const CategorySchema = z
  .enum(CATEGORIES)
  .meta({ id: 'Category', description: 'One of the ten categories (spec 000 §2), in upper case.' });
export const ArticleStatusSchema = z.enum(ARTICLE_STATUSES);

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

/** One name of the byline: a staff member (id) or the free byline (id null). */
export const ArticleAuthorSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  username: z.string().nullable(),
});
export type ArticleAuthor = z.infer<typeof ArticleAuthorSchema>;

/** Article of spec 000 §3. `date` is ISO 8601 UTC. */
/** Issue 41: a picture's focal point, 0..1 from the left and from the top. */
export const FocalPointSchema = z
  .object({
    x: z.number().min(0, 'Fokuspunkten ska ligga mellan 0 och 1').max(1, 'Fokuspunkten ska ligga mellan 0 och 1'),
    y: z.number().min(0, 'Fokuspunkten ska ligga mellan 0 och 1').max(1, 'Fokuspunkten ska ligga mellan 0 och 1'),
  })
  .meta({ id: 'FocalPoint' });

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).nullable().optional();
const imageAddress = z
  .string()
  .trim()
  .max(2000)
  .refine(
    // issue 40: https only, as the message says (an http image is mixed content on an https page)
    (v) => v === '' || /^(https:\/\/[^\s\\/]|\/uploads\/[A-Za-z0-9])/i.test(v),
    'Bildens adress måste börja med https:// eller /uploads/',
  );

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
    /** Issue 14: readers only ever see 'published'; staff see every status. */
    status: ArticleStatusSchema,
    /** When a scheduled article goes live (ISO), else null. */
    publish_at: z.string().nullable(),
    /** Raised by every save; send it back with `PUT` to be told (409) when someone saved in between. */
    version: z.number().int(),
    /** Free tags, normalised (lower case). */
    tags: z.array(z.string()),
    /** The byline: staff authors in order, or one free byline (e.g. "TT"). */
    authors: z.array(ArticleAuthorSchema),
    featured_image_alt: z.string().nullable(),
    featured_image_caption: z.string().nullable(),
    featured_image_credit: z.string().nullable(),
    /**
     * Issue 43: the article's corrections, newest first (at most CORRECTIONS_PER_ARTICLE). In the
     * answer for one article (`GET /api/articles/:id`, `/api/articles/slug/:slug`), not in lists.
     */
    corrections: z.array(ArticleCorrectionSchema).optional(),
    /** Issue 41: the front page's own headline and teaser (null: the headline and the excerpt). */
    front_headline: z.string().nullable(),
    teaser: z.string().nullable(),
    /** Issue 41: where crops of the featured image keep their centre (null: the middle). */
    featured_image_focal: FocalPointSchema.nullable(),
    /**
     * Issue 41: in the answer for one article (and the editor's), not in lists: the ingress (the
     * bold lead), the search engines' title and description, and the social networks' card.
     */
    ingress: z.string().nullable().optional(),
    seo_title: z.string().nullable().optional(),
    seo_description: z.string().nullable().optional(),
    social_title: z.string().nullable().optional(),
    social_description: z.string().nullable().optional(),
    social_image: z.string().nullable().optional(),
    /** Issue 44: `live` is a live report ("Direktrapport") with entries; `article` otherwise. */
    kind: z.enum(ARTICLE_KINDS),
    /** Issue 44: when a live report was ended (ISO), else null. */
    live_ended_at: z.string().nullable(),
    /** Issue 42: who reads the whole article (free, registered, subscribers). */
    access: ArticleAccessSchema,
    /** Issue 42: true when this answer holds only the part before the paywall (`content` is the teaser). */
    locked: z.boolean(),
  })
  .meta({ id: 'Article' });
export type Article = z.infer<typeof ArticleSchema>;

/**
 * An article as the editor opens it: with the stored free byline (null when the byline is staff).
 * Not readable off `authors`: a deleted account's name keeps its place there as text (decision 027).
 */
export const NewsroomArticleSchema = ArticleSchema.extend({ byline: z.string().nullable() }).meta({
  id: 'NewsroomArticle',
});
export type NewsroomArticle = z.infer<typeof NewsroomArticleSchema>;

/** Article without its body: what lists, sidebars and related blocks need. */
export type ArticleSummary = Omit<Article, 'content'>;

export const ArticleListQuerySchema = z.object({
  /** Empty means every category. */
  category: z.preprocess((v) => (v === '' ? undefined : v), CategoryNameSchema.optional()),
  /** Issue 14: only articles with this free tag. */
  tag: z
    .string()
    .max(TAG_MAX * 4)
    .optional(),
  limit: z.coerce.number().int().min(1).max(ARTICLES_MAX_LIMIT).default(ARTICLES_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ArticleListQuery = z.infer<typeof ArticleListQuerySchema>;

export const ArticleListSchema = z.array(ArticleSchema);

export const IdParamSchema = z.object({ id: z.coerce.number().int().positive() });
export const SlugParamSchema = z.object({ slug: z.string().min(1).max(200) });

/** When an article goes live: RFC 3339 with a four-digit year (issue 40), stored in UTC (`toISOString()`). */
export const PublishAtSchema = z
  .string()
  .refine((v) => parseApiTime(v) !== null, {
    message: `${NEWSROOM_TEXT.scheduleBadTime}: ${DATES_HINT}`,
    params: MESSAGE_AS_IS,
  })
  .transform((v) => canonicalApiTime(v) as string);

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
  featured_image: imageAddress.nullable().optional(),
  /** Issue 14, all optional: without `status` a create or an update publishes at once (as in the spec). */
  status: ArticleStatusSchema.optional(),
  publish_at: PublishAtSchema.nullable().optional(),
  /** The version the editor opened; a stale one answers 409. Without it the save overwrites (as in the spec). */
  version: z.coerce.number().int().min(1).optional(),
  tags: z
    .array(z.string().trim().min(1).max(TAG_MAX, `En tagg får vara högst ${TAG_MAX} tecken`))
    .max(TAGS_PER_ARTICLE, `Högst ${TAGS_PER_ARTICLE} taggar`)
    .optional(),
  /**
   * Staff co-authors by user id, in byline order. Issue 40: a writer who names someone else invites
   * them (they join the byline when they accept; the writer stays in it, first when not listed); an
   * admin names them directly.
   */
  author_ids: z.array(z.number().int().positive()).max(AUTHORS_PER_ARTICLE).optional(),
  /** A free byline for wire copy ("TT"); replaces the staff names on the page. */
  byline: z.string().trim().max(BYLINE_MAX).nullable().optional(),
  featured_image_alt: z.string().trim().max(IMAGE_TEXT_MAX).nullable().optional(),
  featured_image_caption: z.string().trim().max(IMAGE_TEXT_MAX).nullable().optional(),
  featured_image_credit: z.string().trim().max(IMAGE_TEXT_MAX).nullable().optional(),
  /** Issue 41: the newsroom's fields; each optional (left out: kept; null or empty: cleared). */
  ingress: optionalText(INGRESS_MAX, `Ingressen får vara högst ${INGRESS_MAX} tecken`),
  front_headline: optionalText(TITLE_MAX, `Förstasidesrubriken får vara högst ${TITLE_MAX} tecken`),
  teaser: optionalText(TEASER_MAX, `Puffen får vara högst ${TEASER_MAX} tecken`),
  seo_title: optionalText(SEO_TITLE_MAX, `Söktiteln får vara högst ${SEO_TITLE_MAX} tecken`),
  seo_description: optionalText(SEO_DESCRIPTION_MAX, `Sökbeskrivningen får vara högst ${SEO_DESCRIPTION_MAX} tecken`),
  social_title: optionalText(SOCIAL_TITLE_MAX, `Delningsrubriken får vara högst ${SOCIAL_TITLE_MAX} tecken`),
  social_description: optionalText(
    SOCIAL_DESCRIPTION_MAX,
    `Delningstexten får vara högst ${SOCIAL_DESCRIPTION_MAX} tecken`,
  ),
  social_image: imageAddress.nullable().optional(),
  featured_image_focal: FocalPointSchema.nullable().optional(),
  /** Issue 41: the address (`/article/{slug}`); the old one answers 301 to the new. */
  slug: z
    .string()
    .trim()
    .max(SLUG_MAX, NEWSROOM_TEXT.slugBad)
    .refine((v) => v === '' || SLUG_PATTERN.test(v), { message: NEWSROOM_TEXT.slugBad, params: MESSAGE_AS_IS })
    .optional(),
  /** Issue 44: `live` makes it a live report; without it a new article is `article` and a saved one keeps its kind. */
  kind: z.enum(ARTICLE_KINDS).optional(),
  /** Issue 44: end a live report (a time) or reopen it (null); without it nothing changes. */
  live_ended_at: z
    .string()
    .refine((v) => parseApiTime(v) !== null, { message: DATES_HINT, params: MESSAGE_AS_IS })
    .transform((v) => canonicalApiTime(v) as string)
    .nullable()
    .optional(),
  /** Issue 42: who reads the whole article; a new article is `free` unless given, an update keeps it. */
  access: ArticleAccessSchema.optional(),
});
export type ArticleInput = z.infer<typeof ArticleInputSchema>;
/** What a client sends (before the schema's transforms: the category as typed). */
export type ArticleInputBody = z.input<typeof ArticleInputSchema>;

export const UploadResponseSchema = z.object({ url: z.string() });

/** `GET /newsroom/articles` query: paging plus an optional status filter. */
export const NewsroomListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ARTICLES_MAX_LIMIT).default(ARTICLES_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  status: ArticleStatusSchema.optional(),
  /** Issue 41: words in the headline (case-insensitive). */
  q: z.string().trim().max(100, 'Sökningen får vara högst 100 tecken').optional(),
  /** Issue 41: one writer's articles (admins; a writer sees only their own anyway). */
  author: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  category: CategoryNameSchema.optional(),
  /** Issue 41: the rows after this one (`{date}~{id}` of the last row seen) — instead of `offset`. */
  before: z
    .string()
    .refine((v) => NEWSROOM_CURSOR.test(v), { message: 'Ogiltig markör för listan', params: MESSAGE_AS_IS })
    .optional(),
});
export type NewsroomListQuery = z.infer<typeof NewsroomListQuerySchema>;

export const ArticleRevisionSummarySchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string(),
  status: ArticleStatusSchema,
  title: z.string(),
  /** Issue 41: what the save was besides an edit, e.g. "Godkänd och publicerad av Anna" (null: an edit). */
  note: z.string().nullable(),
});
/** A saved version of an article, as the editor lists it. */
export type ArticleRevisionSummary = z.infer<typeof ArticleRevisionSummarySchema>;

/** One saved version with everything it held. */
export const ArticleRevisionSchema = ArticleRevisionSummarySchema.extend({
  content: z.string(),
  category: CategorySchema,
  tags: z.array(z.string()),
  featured_image: z.string().nullable(),
  featured_image_alt: z.string().nullable(),
  featured_image_caption: z.string().nullable(),
  featured_image_credit: z.string().nullable(),
  byline: z.string().nullable(),
  /**
   * Issue 41: the desk's fields as saved (ingress, front headline, teaser, search and social texts,
   * the picture's focal point) and the access level; null for a revision saved before they were kept.
   */
  desk: z
    .object({
      ingress: z.string().nullable(),
      front_headline: z.string().nullable(),
      teaser: z.string().nullable(),
      seo_title: z.string().nullable(),
      seo_description: z.string().nullable(),
      social_title: z.string().nullable(),
      social_description: z.string().nullable(),
      social_image: z.string().nullable(),
      featured_image_focal: FocalPointSchema.nullable(),
      access: ArticleAccessSchema,
    })
    .nullable(),
});
export type ArticleRevision = z.infer<typeof ArticleRevisionSchema>;

export const RevisionsQuerySchema = z.object({
  /** Revisions older than this id (the next page). */
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const RevisionParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  revisionId: z.coerce.number().int().positive(),
});
export const RestoreBodySchema = z.object({ version: z.coerce.number().int().min(1).optional() }).optional();

export const TagParamSchema = z.object({ tag: z.string().min(1).max(200) });
export const TagSuggestQuerySchema = z.object({ q: z.string().max(TAG_MAX).default('') });

/** Issue 40: an invitation to stand in an article's byline, as its invitee sees it. */
export const BylineInvitationSchema = z
  .object({
    id: z.number().int(),
    article: z.object({ id: z.number().int(), title: z.string(), status: ArticleStatusSchema }),
    invited_by: z.object({ id: z.number().int().nullable(), name: z.string() }),
    created_at: z.string(),
  })
  .meta({ id: 'BylineInvitation' });
export type BylineInvitation = z.infer<typeof BylineInvitationSchema>;

export const BylineInvitationPageSchema = z.object({
  invitations: z.array(BylineInvitationSchema),
  /** Pass as `after` for the next page; null on the last. */
  next: z.number().int().nullable(),
});
export type BylineInvitationPage = z.infer<typeof BylineInvitationPageSchema>;

export const BylineInvitationsQuerySchema = z.object({
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});
