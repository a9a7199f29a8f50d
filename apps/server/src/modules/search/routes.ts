import { MSG, parseCategory } from '@vaggen/contract';
import { ErrorSchema, SearchQuerySchema, SearchResultSchema } from '@vaggen/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { httpError } from '../../lib/http-errors.js';
import { sendPublicJson } from '../../lib/page-cache/index.js';
import { SearchPages } from './page-tags.js';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search } = app.services;

  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Search published articles (Swedish: inflections, compounds, "phrases", -exclusions)',
        description:
          '`q`: words (inflected forms find each other; words of 4+ letters are also found inside compounds), ' +
          '`"exakt fras"`, `-utesluten`. Optional `category` (any casing), `from`/`to` (YYYY-MM-DD, Swedish days, ' +
          'inclusive), `sort` = `relevance` (title hits first, then newest; default) or `newest`, `limit` (default 20, ' +
          "max 50) and `cursor` (the previous page's `next_cursor`).",
        querystring: SearchQuerySchema,
        response: { 200: SearchResultSchema, 400: ErrorSchema },
      },
    },
    async (req, reply) => {
      const { q, from, to, sort, cursor, limit } = req.query;
      let category: ReturnType<typeof parseCategory> | undefined;
      if (req.query.category !== undefined) {
        category = parseCategory(req.query.category);
        if (!category) throw httpError(400, `${MSG.invalidCategory}: ${req.query.category}`);
      }
      return sendPublicJson(req, reply, app.pageCache, async () => ({
        body: await search.search({ q, category: category ?? undefined, from, to, sort, cursor, limit }),
        // Any article change may add, drop or reword a hit (pageInvalidationFor drops this tag on every change).
        tags: [SearchPages.results],
      }));
    },
  );
};
