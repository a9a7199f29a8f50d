import { AUTOSAVE_NEW, MSG, mayEditArticle } from '@vaggen/contract';
import {
  AutosaveInputSchema,
  AutosaveParamSchema,
  AutosaveSavedSchema,
  AutosaveSchema,
  ErrorSchema,
} from '@vaggen/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../http/guards.js';
import { httpError } from '../../lib/http-errors.js';
import type { AutosaveSlot } from './autosave.js';

/** Issue 41: the editor's working copy (registered by the module's routes.ts). */
export const articleAutosaveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { articles } = app.services;
  const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

  /** The slot and, for an article, its version now — after checking the caller may edit it. */
  async function slotOf(req: FastifyRequest, param: string): Promise<{ slot: AutosaveSlot; version: number | null }> {
    if (param === AUTOSAVE_NEW) return { slot: AUTOSAVE_NEW, version: null };
    const id = Number(param);
    const article = await articles.getAnyById(id);
    if (!article) throw httpError(404, MSG.articleNotFound);
    if (!mayEditArticle(currentUser(req), article)) throw httpError(403, MSG.articleEditNotOwn);
    return { slot: id, version: article.version };
  }

  app.get(
    '/newsroom/autosaves/:article',
    {
      schema: {
        tags: ['articles'],
        summary: "The caller's unsaved working copy of an article (`new`: of a new one), or null",
        description: '`stale` is true when the article was saved (by anyone) after the copy was made.',
        params: AutosaveParamSchema,
        response: { 200: AutosaveSchema.nullable(), ...errors },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req) => {
      const { slot, version } = await slotOf(req, req.params.article);
      return articles.autosaves.get(currentUser(req).id, slot, version);
    },
  );

  app.put(
    '/newsroom/autosaves/:article',
    {
      schema: {
        tags: ['articles'],
        summary: "Store the caller's working copy of an article (every few seconds while editing)",
        description:
          'Not a save: the article and its revisions stay as they are, and a published article shows nothing of it. ' +
          "`base_version` is the version the editor opened; after someone else's save it is a 409 (as a save would be). " +
          'Saving the article drops the copy.',
        params: AutosaveParamSchema,
        body: AutosaveInputSchema,
        response: { 200: AutosaveSavedSchema, ...errors, 409: ErrorSchema },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req) => {
      const { slot, version } = await slotOf(req, req.params.article);
      return articles.autosaves.put(currentUser(req).id, slot, req.body, version);
    },
  );

  app.delete(
    '/newsroom/autosaves/:article',
    {
      schema: {
        tags: ['articles'],
        summary: "Throw away the caller's working copy",
        params: AutosaveParamSchema,
        response: { 204: z.null(), ...errors },
      },
      preHandler: requireRole('writer', 'admin'),
    },
    async (req, reply) => {
      const { slot } = await slotOf(req, req.params.article);
      await articles.autosaves.drop(currentUser(req).id, slot);
      return reply.code(204).send(null);
    },
  );
};
