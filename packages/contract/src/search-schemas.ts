import { z } from 'zod';
import { ArticleSchema } from './articles-schemas.js';
import { isApiDate } from './dates.js';
import { SEARCH_MAX_PAGE_SIZE, SEARCH_MSG, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX } from './search.js';

/** A calendar day, four-digit year in API_YEAR_MIN–API_YEAR_MAX (issue 40). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, SEARCH_MSG.badDate)
  .refine(isApiDate, {
    message: SEARCH_MSG.badDate,
  });

/** `GET /api/search`. Empty optional fields (as a GET form sends them) count as absent. */
export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1, SEARCH_MSG.emptyQuery).max(SEARCH_QUERY_MAX),
  category: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(40).optional()),
  from: z.preprocess((v) => (v === '' ? undefined : v), day.optional()),
  to: z.preprocess((v) => (v === '' ? undefined : v), day.optional()),
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['relevance', 'newest']).default('relevance')),
  cursor: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(300).optional()),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchSegmentSchema = z.object({ text: z.string(), hit: z.boolean() });

export const SearchHitSchema = z.object({
  article: ArticleSchema.omit({ content: true }),
  /** The title with the words the query found marked. */
  title: z.array(SearchSegmentSchema),
  /** About 30 words of the body around the first hit, hits marked. */
  snippet: z.array(SearchSegmentSchema),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchResultSchema = z.object({
  /** Every article the query finds (with the filters), not just this page. */
  total: z.number().int(),
  hits: z.array(SearchHitSchema),
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
