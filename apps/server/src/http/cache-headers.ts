import type { FastifyInstance } from 'fastify';

/**
 * Cache headers per route group (issue 39), not by hand in each route: every answer of the group
 * that did not set its own `Cache-Control` (the public Content API does, through `sendPublicJson`)
 * is `no-store` — per-person answers, writes and errors are never kept by a browser or a proxy.
 */
export function noStoreByDefault(scope: FastifyInstance): void {
  scope.addHook('onSend', async (_req, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
