import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/**
 * Issue 40, finding 9: `GET /api/newsroom/tags?q=hemlig` as another writer returned a tag that
 * existed only on someone else's draft. Tags are suggested from what readers see and from one's own
 * articles; admins see every tag.
 */
describe.each(dialects)('tag suggestions do not leak drafts (%s)', (dialect) => {
  let t: TestApp;
  let author: Who;
  let other: Who;
  let admin: Who;
  const suggest = async (who: Who, q: string) =>
    (await t.app.inject({ url: `/api/newsroom/tags?q=${encodeURIComponent(q)}`, headers: who.headers })).json();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await userWithToken(t, 'hemligskribent', 'writer');
    other = await userWithToken(t, 'nyfikenskribent', 'writer');
    admin = await userWithToken(t, 'taggchef', 'admin');
  });
  afterAll(() => t?.close());

  it("names a draft's tags to its writer and the admins only, and to everyone once it is published", async () => {
    const save = (status: string, id?: number) =>
      t.app.inject({
        method: id ? 'PUT' : 'POST',
        url: id ? `/api/articles/${id}` : '/api/articles',
        headers: author.headers,
        payload: {
          title: 'Avslöjandet',
          content: '<p>Under arbete.</p>',
          category: 'nyheter',
          status,
          tags: ['hemlig källa', 'hemligstämplat'],
        },
      });
    const draft = await save('draft');
    expect(draft.statusCode, draft.body).toBe(201);
    expect(await suggest(other, 'hemlig')).toEqual([]);
    expect(await suggest(author, 'hemlig')).toEqual(['hemlig källa', 'hemligstämplat']);
    expect(await suggest(admin, 'hemlig')).toEqual(['hemlig källa', 'hemligstämplat']);
    // scheduled and unpublished articles are not readers' either
    expect((await save('scheduled', draft.json().id)).statusCode).toBe(400); // no time given
    expect((await save('unpublished', draft.json().id)).statusCode).toBe(200);
    expect(await suggest(other, 'hemlig')).toEqual([]);
    expect((await save('published', draft.json().id)).statusCode).toBe(200);
    expect(await suggest(other, 'hemlig')).toEqual(['hemlig källa', 'hemligstämplat']);
  });
});
