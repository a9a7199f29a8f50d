import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers.js';

describe('OpenAPI document', () => {
  it('describes every API route at /api/docs', async () => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.app.inject('/api/docs');
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      for (const path of ['/api/articles', '/api/articles/{id}', '/api/comments', '/api/login', '/api/notifications']) {
        expect(Object.keys(doc.paths)).toContain(path);
      }
      expect(JSON.stringify(doc)).toContain('Comment');
    } finally {
      await t.close();
    }
  });
});
