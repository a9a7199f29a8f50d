import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

describe.each(dialects)('GET /api/ads on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (let i = 1; i <= 4; i++) {
      await t.app.services.ads.create({
        type: 'square',
        title: `Annons ${i}`,
        company: `Företag ${i}`,
        link_url: `https://example.com/${i}`,
        image_url: `/uploads/${String(i).repeat(24)}.webp`,
      });
    }
    await t.app.services.ads.create({
      type: 'banner',
      title: 'Banner',
      company: 'Bannerbolaget',
      link_url: 'https://example.com/b',
      image_url: '/uploads/b.webp',
    });
    await t.dbh.db.updateTable('ads').set({ active: 0 }).where('title', '=', 'Annons 4').execute();
  });
  afterAll(() => t?.close());

  it('returns one ad by default with the fields of spec 000 §3', async () => {
    const res = await t.app.inject('/api/ads?type=square');
    expect(res.statusCode).toBe(200);
    const ads = res.json();
    expect(ads).toHaveLength(1);
    expect(Object.keys(ads[0]).sort()).toEqual(['company', 'id', 'image_url', 'link_url', 'title', 'type']);
    expect(ads[0].type).toBe('square');
  });

  it('chooses at random among active ads of the type only', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const ads = (await t.app.inject('/api/ads?type=square&limit=1')).json();
      seen.add(ads[0].title);
    }
    expect([...seen].sort()).toEqual(['Annons 1', 'Annons 2', 'Annons 3']);
    const all = (await t.app.inject('/api/ads?type=square&limit=10')).json();
    expect(all).toHaveLength(3);
    const banner = (await t.app.inject('/api/ads?type=banner&limit=5')).json();
    expect(banner.map((a: { title: string }) => a.title)).toEqual(['Banner']);
  });

  it('rejects unknown types and bad limits with 400', async () => {
    for (const q of ['type=popup', 'type=square&limit=0', 'type=square&limit=11']) {
      const r = await t.app.inject(`/api/ads?${q}`);
      expect(r.statusCode, q).toBe(400);
      expect(typeof r.json().msg).toBe('string');
    }
  });
});
