import type { FastifyInstance } from 'fastify';
import { noStoreByDefault } from '../http/cache-headers.js';

/** A dependency readiness depends on: resolves when reachable, throws (or times out) when not. */
export type ReadinessCheck = () => Promise<void>;

/**
 * Liveness and readiness for load balancers and orchestrators. `/healthz`: the process answers.
 * `/readyz`: every dependency answers (database; Redis and object storage when configured) and the
 * process is not draining — 503 with what is missing otherwise.
 */
export class Readiness {
  draining = false;
  private readonly checks = new Map<string, ReadinessCheck>();

  add(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  async report(timeoutMs = 2000): Promise<{ ready: boolean; checks: Record<string, string> }> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            check(),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
            }),
          ]);
          return [name, 'ok'] as const;
        } catch (err) {
          return [name, err instanceof Error ? err.message : String(err)] as const;
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const checks: Record<string, string> = Object.fromEntries(entries);
    if (this.draining) checks.server = 'draining';
    return { ready: !this.draining && entries.every(([, v]) => v === 'ok'), checks };
  }
}

export function registerHealth(app: FastifyInstance, readiness: Readiness): void {
  // a probe's answer is never kept: the group's default `Cache-Control: no-store` (http/cache-headers)
  app.register(async (probes) => {
    noStoreByDefault(probes);
    probes.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
    probes.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
      const { ready, checks } = await readiness.report();
      return reply.code(ready ? 200 : 503).send({ ready, checks });
    });
  });
}
