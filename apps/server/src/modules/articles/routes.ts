import type { Multipart } from '@fastify/multipart';
import {
  type Article,
  type ArticleInput,
  type ArticleSummary,
  BYLINE_TEXT,
  CORRECTIONS_MSG,
  displayName,
  isAdmin,
  MSG,
  mayEditArticle,
  normalizeTag,
  stripControlChars,
  UPLOAD_MAX_BYTES,
} from '@vaggen/contract';
import {
  ArticleCorrectionSchema,
  ArticleInputSchema,
  ArticleListQuerySchema,
  ArticleRevisionSchema,
  ArticleRevisionSummarySchema,
  ArticleSchema,
  BylineInvitationPageSchema,
  BylineInvitationsQuerySchema,
  CorrectionHistorySchema,
  CorrectionInputSchema,
  CorrectionPageSchema,
  CorrectionsQuerySchema,
  ErrorSchema,
  IdParamSchema,
  NewsroomArticleSchema,
  NewsroomListQuerySchema,
  RestoreBodySchema,
  RevisionParamsSchema,
  RevisionsQuerySchema,
  SlugParamSchema,
  TagSuggestQuerySchema,
} from '@vaggen/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../http/guards.js';
import { httpError } from '../../lib/http-errors.js';
import { readCompleteMultipart } from '../../lib/multipart.js';
import { sendPublicJson } from '../../lib/page-cache/index.js';
import { articleAutosaveRoutes } from './autosave-routes.js';
import type { BylineInvitations } from './bylines.js';
import { ArticlePages, bylineTags } from './page-tags.js';
import { articleReviewRoutes } from './review-routes.js';

const changesOf = (body: ArticleInput) => ({
  title: body.title,
  content: body.content,
  category: body.category,
  featuredImage: body.featured_image?.trim() || null,
  status: body.status,
  publishAt: body.publish_at,
  tags: body.tags,
  authorIds: body.author_ids,
  byline: body.byline,
  featuredImageAlt: body.featured_image_alt,
  featuredImageCaption: body.featured_image_caption,
  featuredImageCredit: body.featured_image_credit,
  desk: {
    ingress: body.ingress,
    front_headline: body.front_headline,
    teaser: body.teaser,
    seo_title: body.seo_title,
    seo_description: body.seo_description,
    social_title: body.social_title,
    social_description: body.social_description,
    social_image: body.social_image,
    featured_image_focal: body.featured_image_focal,
    slug: body.slug || undefined,
  },
  kind: body.kind,
  liveEndedAt: body.live_ended_at,
  access: body.access,
});

/** Issue 40: who names the co-authors of a save (a writer invites them, an admin names them). */
const namerOf = (user: { id: number; account_type: 'user' | 'writer' | 'admin' }) => ({
  id: user.id,
  admin: isAdmin(user),
});

/** The person saving, for the revision. */
const saverOf = (user: { id: number; full_name: string | null; username: string }) => ({
  id: user.id,
  name: displayName(user),
});

const EXTERNAL_FORM_TOO_BIG = 'Formuläret har för många fält eller filer (title, category, content och en bild)';

/** Multipart fields of `POST /articles/external`; `image` may be a file or a URL. */
async function readExternalForm(
  req: FastifyRequest,
): Promise<{ fields: Record<string, string>; image: Buffer | null }> {
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  try {
    await readCompleteMultipart(req, () =>
      readParts(
        req.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1_000_000 } }),
        fields,
        (buf) => {
          image = buf;
        },
      ),
    );
  } catch (err) {
    const code = (err as { code?: string })?.code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw httpError(413, EXTERNAL_FORM_TOO_BIG);
    }
    throw err;
  }
  return { fields, image };
}

async function readParts(
  parts: AsyncIterableIterator<Multipart>,
  fields: Record<string, string>,
  setImage: (buf: Buffer | null) => void,
): Promise<void> {
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'image') {
        part.file.resume();
        continue;
      }
      const buf = await part.toBuffer().catch((err) => {
        if (err?.code === 'FST_REQ_FILE_TOO_LARGE') throw httpError(413, MSG.uploadTooLarge);
        throw err;
      });
      setImage(buf.length === 0 ? null : buf);
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = stripControlChars(part.value); // issue 40: as in every JSON body
    }
  }
}

/** What a public API answer shows, for the page cache's scoped invalidation (decision 016). */
function articleTags(a: Pick<ArticleSummary, 'id' | 'author_id' | 'authors'>): string[] {
  return [ArticlePages.article(a.id), ...bylineTags(a)];
}

/** A list's tags: the category's list, or a `/tag/{tag}` list (issue 14), and what it shows. */
function listTags(
  category: string | null | undefined,
  list: Pick<ArticleSummary, 'id' | 'author_id' | 'authors'>[],
  tag?: string,
): string[] {
  const tags = [tag ? ArticlePages.tag(tag) : ArticlePages.list(category)];
  for (const a of list) tags.push(ArticlePages.shows(a.id), ...bylineTags(a));
  return tags;
}

export const articlesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { articles } = app.services;
  const bylines = articles.bylines as BylineInvitations;
  await app.register(articleReviewRoutes);
  await app.register(articleAutosaveRoutes);

  /** Issue 41: a writer may not publish or schedule while the paper requires review. */
  const mayNotGoLive = async (user: Parameters<typeof isAdmin>[0]) =>
    !isAdmin(user) && (await app.services.settings.get()).review_required;
  const writeResponses = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

  /** An article the current writer may manage (own) or admin (all): else 404 / 403. */
  function manageable<A extends { author_id: number | null }>(
    req: FastifyRequest,
    existing: A | null,
    denied: string = MSG.articleEditNotOwn,
  ): A {
    if (!existing) throw httpError(404, MSG.articleNotFound);
    if (!mayEditArticle(currentUser(req), existing)) throw httpError(403, denied);
    return existing;
  }

  /**
   * Issue 42: a locked article's whole text for a logged-in reader the revenue module lets in (a
   * token's answer is never cached); anonymous answers, cached for all, keep the teaser.
   */
  const forThisReader = (req: FastifyRequest, article: Article) =>
    req.user ? app.services.revenue.forReader(req.user.id, article) : Promise.resolve(article);

  /** Any-status article the current writer may manage: else 404 / 403. */
  const editable = async (req: FastifyRequest, id: number, denied: string = MSG.articleEditNotOwn) =>
    manageable(req, await articles.getAnyById(id), denied);
  /** The routes of one article's newsroom data (`:id`): a writer of it or an admin, else 401 / 403 / 404. */
  const mayEditThis = [
    requireRole('writer', 'admin'),
    async (req: FastifyRequest) => {
      await editable(req, (req.params as { id: number }).id);
    },
  ];

  app.post(
    '/articles',
    {
      schema: {
        tags: ['articles'],
        summary: 'Create an article (writer or admin)',
        description:
          'Without `status` the article is published at once (spec 000). `status` draft / scheduled (with `publish_at`) / ' +
          "published / unpublished; `tags`, `author_ids` or a free `byline`, and the featured image's alt text, caption and credit are optional.",
        body: ArticleInputSchema,
        response: { 201: ArticleSchema, ...writeResponses },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req, reply) => {
      const user = currentUser(req);
      const c = changesOf(req.body);
      const article = await articles.create({
        ...c,
        mayNotGoLive: await mayNotGoLive(user),
        namedBy: namerOf(user),
        authorId: user.id,
        authorName: displayName(user),
      });
      return reply.code(201).send(article);
    },
  );

  app.put(
    '/articles/:id',
    {
      schema: {
        tags: ['articles'],
        summary: 'Update an article (its writer, or an admin)',
        description:
          'Without `status` the article is published at once, as in spec 000 (a future `publish_at` alone schedules it); ' +
          'send `status` to keep a draft, scheduled or unpublished article hidden. With `version` (the one the editor opened) a save on top of a newer ' +
          'save answers 409 with who saved it; without `version` the save overwrites, as in spec 000.',
        params: IdParamSchema,
        body: ArticleInputSchema,
        response: { 200: ArticleSchema, ...writeResponses, 409: ErrorSchema },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req) => {
      const current = await editable(req, req.params.id);
      return articles.update(
        req.params.id,
        {
          ...changesOf(req.body),
          namedBy: namerOf(currentUser(req)),
          mayNotGoLive: await mayNotGoLive(currentUser(req)),
        },
        {
          expectedVersion: req.body.version,
          saver: saverOf(currentUser(req)),
          current,
        },
      );
    },
  );

  app.delete(
    '/articles/:id',
    {
      schema: {
        tags: ['articles'],
        summary: 'Delete an article and what hangs on it (its writer, or an admin)',
        params: IdParamSchema,
        response: { 200: z.object({ msg: z.string() }), ...writeResponses },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req) => {
      await editable(req, req.params.id, MSG.articleDeleteNotOwn);
      await articles.delete(req.params.id);
      return { msg: 'Artikeln är borttagen' };
    },
  );

  app.post(
    '/articles/external',
    {
      schema: {
        tags: ['articles'],
        summary: 'Publish from an outside tool (X-API-Key; multipart title, category, content, image)',
        description:
          'Optional fields: `status` (draft, scheduled, published, unpublished; default published), `publish_at` (ISO time; ' +
          'embargoed copy goes live then — without `status` a future `publish_at` schedules it), `tags` (comma-separated), ' +
          '`byline` (e.g. TT), `image_alt`, `image_caption`, `image_credit`.',
        consumes: ['multipart/form-data'],
        response: { 201: ArticleSchema, ...writeResponses, 413: ErrorSchema, 415: ErrorSchema },
      },
    },
    async (req, reply) => {
      const key = req.headers['x-api-key'];
      const owner = await app.services.apiTokens.authenticate(Array.isArray(key) ? key[0] : key);
      const { fields, image } = await readExternalForm(req);
      let featured: string | null = null;
      if (image) featured = (await app.services.media.storeUpload(image)).url;
      else if (fields.image?.trim()) featured = fields.image.trim();
      const { tags, image_alt, image_caption, image_credit, ...rest } = fields;
      const parsed = ArticleInputSchema.safeParse({
        ...rest,
        featured_image: featured,
        tags: tags === undefined ? undefined : tags.split(',').filter((t) => t.trim()),
        featured_image_alt: image_alt,
        featured_image_caption: image_caption,
        featured_image_credit: image_credit,
        version: undefined,
        author_ids: undefined,
      });
      if (!parsed.success) throw httpError(400, parsed.error.issues[0]?.message ?? MSG.articleRequired);
      const article = await articles.create({
        ...changesOf(parsed.data),
        mayNotGoLive: await mayNotGoLive(owner),
        authorId: owner.id,
        authorName: displayName(owner),
      });
      return reply.code(201).send(article);
    },
  );

  app.get(
    '/newsroom/articles',
    {
      schema: {
        tags: ['articles'],
        summary: "The newsroom list: a writer's own articles, all for admins",
        description:
          'Every status (draft, scheduled, published, unpublished, review); `status`, `category`, `author` (admins) and `q` (words in the headline) filter. ' +
          'Page with `before` = `{date}~{id}` of the last row (a cursor; `offset` still works).',
        querystring: NewsroomListQuerySchema,
        response: {
          200: z.array(ArticleSchema.omit({ content: true })),
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
        },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req) => articles.listForNewsroom(currentUser(req), req.query),
  );

  app.get(
    '/newsroom/articles/:id',
    {
      schema: {
        tags: ['articles'],
        summary: 'One article in any status, for its writer or an admin (the editor and the preview)',
        params: IdParamSchema,
        response: { 200: NewsroomArticleSchema, ...writeResponses },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req) => manageable(req, await articles.getForEditor(req.params.id)),
  );

  // ---------------------------------------------------------------- corrections (issue 43)
  app.post(
    '/newsroom/articles/:id/corrections',
    {
      schema: {
        tags: ['articles'],
        summary: 'Add a correction to a published article (its writer, or an admin)',
        description:
          'Shown in a "Rättelse" box at the top of the article, on /rattelser and in /rss/rattelser.xml; ' +
          'amended with PUT /newsroom/corrections/:id, never removed. 409 when the article is not published.',
        params: IdParamSchema,
        body: CorrectionInputSchema,
        response: { 201: ArticleCorrectionSchema, ...writeResponses, 409: ErrorSchema },
      },
      preHandler: mayEditThis,
    },
    async (req, reply) => {
      const correction = await articles.corrections.add(req.params.id, req.body, saverOf(currentUser(req)));
      return reply.code(201).send(correction);
    },
  );

  app.put(
    '/newsroom/corrections/:id',
    {
      schema: {
        tags: ['articles'],
        summary: "Amend a correction (the article's writer, or an admin); the earlier wording is kept",
        params: IdParamSchema,
        body: CorrectionInputSchema,
        response: { 200: ArticleCorrectionSchema, ...writeResponses },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req) => {
      const articleId = await articles.corrections.articleOf(req.params.id);
      if (articleId === null) throw httpError(404, CORRECTIONS_MSG.notFound);
      await editable(req, articleId);
      return articles.corrections.amend(req.params.id, req.body, saverOf(currentUser(req)));
    },
  );

  app.get(
    '/newsroom/articles/:id/corrections',
    {
      schema: {
        tags: ['articles'],
        summary: "An article's corrections with their earlier wordings (its writer, or an admin)",
        params: IdParamSchema,
        response: { 200: z.array(CorrectionHistorySchema), ...writeResponses },
      },
      preHandler: mayEditThis,
    },
    async (req) => articles.corrections.history(req.params.id),
  );

  app.get(
    '/corrections',
    {
      schema: {
        tags: ['articles'],
        summary: 'Every correction of a published article, newest first',
        description: 'Paged: `limit` (default 20, max 100) and `cursor` (the `next_cursor` of the page before).',
        querystring: CorrectionsQuerySchema,
        response: { 200: CorrectionPageSchema, 400: ErrorSchema },
      },
    },
    async (req, reply) =>
      sendPublicJson(req, reply, app.pageCache, async () => ({
        body: await articles.corrections.page(
          req.query.cursor === undefined ? null : Number(req.query.cursor),
          req.query.limit,
        ),
        tags: [ArticlePages.corrections],
      })),
  );

  app.get(
    '/newsroom/articles/:id/revisions',
    {
      schema: {
        tags: ['articles'],
        summary: "An article's saved versions, newest first (20 a page; `before` = the last id seen)",
        params: IdParamSchema,
        querystring: RevisionsQuerySchema,
        response: { 200: z.array(ArticleRevisionSummarySchema), ...writeResponses },
      },
      preHandler: mayEditThis,
    },
    async (req) => articles.listRevisions(req.params.id, req.query.before),
  );

  app.get(
    '/newsroom/articles/:id/revisions/:revisionId',
    {
      schema: {
        tags: ['articles'],
        summary: 'One saved version with its text, category, tags and images',
        params: RevisionParamsSchema,
        response: { 200: ArticleRevisionSchema, ...writeResponses },
      },
      preHandler: mayEditThis,
    },
    async (req) => articles.getRevision(req.params.id, req.params.revisionId),
  );

  app.post(
    '/newsroom/articles/:id/revisions/:revisionId/restore',
    {
      schema: {
        tags: ['articles'],
        summary: 'Restore a saved version (a new save and a new revision; the status stays)',
        description: 'With `version`, a stale editor gets 409 as with `PUT /articles/{id}`.',
        params: RevisionParamsSchema,
        body: RestoreBodySchema,
        response: { 200: NewsroomArticleSchema, ...writeResponses, 409: ErrorSchema },
      },
      preHandler: mayEditThis,
    },
    async (req) => {
      await articles.restoreRevision(req.params.id, req.params.revisionId, {
        saver: saverOf(currentUser(req)),
        expectedVersion: req.body?.version,
        mayNotGoLive: await mayNotGoLive(currentUser(req)),
      });
      // the editor opens the restored version with its free byline
      return manageable(req, await articles.getForEditor(req.params.id));
    },
  );

  // ---- Issue 40: invitations to stand in a byline ----

  app.get(
    '/newsroom/byline-invitations',
    {
      schema: {
        tags: ['articles'],
        summary: "The caller's open invitations to co-author an article, oldest first (50 a page)",
        description:
          'A writer who names a colleague in `author_ids` invites them; they join the byline when they accept. ' +
          'Pass `next` as `after` for the next page.',
        querystring: BylineInvitationsQuerySchema,
        response: { 200: BylineInvitationPageSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req) => bylines.listFor(currentUser(req).id, req.query.after),
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/newsroom/byline-invitations/:id/${answer}`,
      {
        schema: {
          tags: ['articles'],
          summary:
            answer === 'accept'
              ? 'Accept an invitation: the caller joins the byline where they were placed'
              : 'Decline an invitation: the caller stays out of the byline',
          description: `${BYLINE_TEXT.notFound} (404) for someone else's invitation, or one already answered or withdrawn.`,
          params: IdParamSchema,
          response: { 200: z.object({ msg: z.string() }), ...writeResponses },
        },
        preHandler: requireRole('writer', 'admin'),
      },
      async (req) => ({ msg: await bylines.answer(currentUser(req).id, req.params.id, answer === 'accept') }),
    );
  }

  app.get(
    '/newsroom/tags',
    {
      schema: {
        tags: ['articles'],
        summary: 'Existing tags starting with `q` (autocomplete, at most 10)',
        querystring: TagSuggestQuerySchema,
        response: { 200: z.array(z.string()), 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req) => articles.suggestTags(req.query.q, currentUser(req)),
  );

  app.get(
    '/articles',
    {
      schema: {
        tags: ['articles'],
        summary: 'Articles, newest first',
        description:
          'Published articles only. Optional `category` (any casing, e.g. `sport`, `VÄRLDEN`) and `tag`. Paged with `limit` (default 20, max 100) and `offset`. ' +
          'A `Link: <…>; rel="next"` header points at the next page when there is one.',
        querystring: ArticleListQuerySchema,
        response: { 200: z.array(ArticleSchema), 400: ErrorSchema },
      },
    },
    async (req, reply) => {
      const { category, limit, offset } = req.query;
      return sendPublicJson(req, reply, app.pageCache, async () => {
        const tag = req.query.tag ? normalizeTag(req.query.tag) : undefined;
        const list = await articles.listFull({ category, tag, limit: limit + 1, offset });
        const headers: Record<string, string> = {};
        if (list.length > limit) {
          list.pop();
          const next = new URLSearchParams({ limit: String(limit), offset: String(offset + limit) });
          if (category) next.set('category', category.toLocaleLowerCase('sv-SE'));
          if (tag) next.set('tag', tag);
          headers.link = `</api/articles?${next}>; rel="next"`;
        }
        return { body: list, headers, tags: listTags(category, list, tag) };
      });
    },
  );

  app.get(
    '/articles/:id',
    {
      schema: {
        tags: ['articles'],
        summary: 'One article by id',
        params: IdParamSchema,
        response: { 200: ArticleSchema, 404: ErrorSchema },
      },
    },
    async (req, reply) =>
      sendPublicJson(req, reply, app.pageCache, async () => {
        const article = await articles.getById(req.params.id);
        if (!article) throw httpError(404, MSG.articleNotFound);
        return { body: await forThisReader(req, await articles.withCorrections(article)), tags: articleTags(article) };
      }),
  );

  app.get(
    '/articles/slug/:slug',
    {
      schema: {
        tags: ['articles'],
        summary: 'One article by slug',
        description: 'An earlier slug of a renamed article answers 301 to the current one.',
        params: SlugParamSchema,
        response: { 200: ArticleSchema, 404: ErrorSchema },
      },
    },
    async (req, reply) =>
      sendPublicJson(req, reply, app.pageCache, async () => {
        const found = await articles.getBySlug(req.params.slug);
        if (!found) throw httpError(404, MSG.articleNotFound);
        if ('redirectTo' in found) {
          const location = `/api/articles/slug/${encodeURIComponent(found.redirectTo)}`;
          return {
            status: 301,
            body: { msg: 'Moved' },
            headers: { location },
            tags: [ArticlePages.article(found.articleId)],
          };
        }
        return {
          body: await forThisReader(req, await articles.withCorrections(found.article)),
          tags: articleTags(found.article),
        };
      }),
  );
};
