import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.js';

describe('client errors keep the { msg } shape', () => {
  it('answers a malformed URL with 400 and a message, not Fastify’s own body', async () => {
    const t = await createTestApp('sqlite');
    try {
      for (const url of ['/api/articles/slug/%E0%A4%A', '/category/%E0%A4%A']) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({ msg: 'Ogiltig adress' });
      }
    } finally {
      await t.close();
    }
  });

  it('treats null like an absent optional field on registration', async () => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: 'nollan', password: 'hemligt-lösen', email: null, full_name: null },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ username: 'nollan', email: null, full_name: null });
    } finally {
      await t.close();
    }
  });
});
