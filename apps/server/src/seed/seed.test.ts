import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { featureScene } from './images.js';
import { DEMO_FRONT, seedDemo } from './index.js';

/** Issue 41: the demo paper looks like a newspaper — described, credited pictures without text on them. */
describe('the demo paper', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('pictures are scenes without any text, varied by title, each described and credited', async () => {
    const a = featureScene('Stormen drar in', 'NYHETER');
    expect(a.svg).not.toContain('<text');
    expect(a.alt).toMatch(/^Illustration: (en stad|en idrottsplats|havet och skären|kullar och skog) /);
    expect(featureScene('Något annat', 'NYHETER').svg).not.toBe(a.svg);
    expect(featureScene('Derbyt', 'SPORT').alt).toContain('en idrottsplats');

    expect(await seedDemo(t.app.services, () => {})).toBe(true);
    const list = await t.app.services.articles.list({ limit: 50, offset: 0 });
    expect(list.length).toBeGreaterThan(30);
    for (const art of list) {
      expect(art.featured_image).toBeTruthy();
      expect(art.featured_image_alt).toMatch(/^Illustration: /);
      expect(art.featured_image_credit).toBe('Illustration: Väggen');
    }
    // a few readers' comments on the newest articles, one of them answered, all published
    const [newest] = list;
    const thread = await t.app.inject({ method: 'GET', url: `/api/comments?articleId=${newest?.id}` });
    expect(thread.statusCode).toBe(200);
    const text = thread.body;
    expect(text).toContain('Bra att ni följer upp det här.');
    expect(text).toContain('Det står i kallelsen att ärendet tas upp på sammanträdet nästa månad.');
    const replies = await t.dbh.db
      .selectFrom('comments')
      .select(['parent_id', 'status'])
      .where('parent_id', 'is not', null)
      .execute();
    expect(replies).toHaveLength(1);
    const statuses = await t.dbh.db.selectFrom('comments').select('status').distinct().execute();
    expect(statuses.map((r) => r.status)).toEqual(['visible']);
    // a curated home front: the storm leads with its own front headline, four stories follow
    const front = (await t.app.inject({ method: 'GET', url: '/api/fronts/hem' })).json() as {
      version: number;
      slots: { size: string; headline: string; article: { title: string } }[];
    };
    expect(front.version).toBe(1);
    expect(front.slots.map((s) => [s.size, s.article.title])).toEqual(DEMO_FRONT.map((d) => [d.size, d.title]));
    expect(front.slots[0]?.headline).toBe('Stormen slog ut strömmen för tusentals i natt');
    // seeding again changes nothing
    expect(await seedDemo(t.app.services, () => {})).toBe(false);
  }, 60_000);
});
