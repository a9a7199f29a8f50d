import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MATRIX } from './authz-matrix.test.js';
import { createTestApp, type TestApp } from './helpers.js';

// Only the table is wanted here: with no dialects the matrix file registers none of its own tests.
vi.mock('./helpers.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./helpers.js')>()),
  dialects: [],
}));

/**
 * The authorization matrix must name every endpoint the API has: a new route without a row fails
 * here, so nobody can add an endpoint whose access rules are untested.
 */
describe('authorization matrix coverage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('has a row for every route of the API (OpenAPI document plus /api/docs, its UI and /api/health)', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path: p })),
    );
    routes.push(
      { method: 'GET', path: '/api/docs' },
      { method: 'GET', path: '/api/docs/ui' },
      { method: 'GET', path: '/api/docs/ui/json' },
      { method: 'GET', path: '/api/health' },
    );
    expect(routes.length).toBeGreaterThan(40);

    const ctx = { articleId: 1, deletableId: 2, otherUserId: 3, png: Buffer.alloc(0) };
    const rows = MATRIX.map((r) => ({ method: r.method as string, path: r.url(ctx).split('?')[0] }));
    const missing = routes.filter(({ method, path }) => {
      const re = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      return !rows.some((r) => r.method === method && re.test(r.path));
    });
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});
