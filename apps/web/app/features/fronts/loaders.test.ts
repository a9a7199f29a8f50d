import {
  type ArticleSummary,
  type Front,
  HOME_PAGE_SIZE,
  MOBILE_GROUP_COUNT,
  MOBILE_GROUP_SIZE,
  MOBILE_REST_FROM,
  type ReaderApi,
} from '@vaggen/contract';
import { describe, expect, it } from 'vitest';
import { loadCuratedPage } from './loaders';

const article = (id: number) => ({ id, title: `Artikel ${id}` }) as ArticleSummary;

/** 70 articles, newest first (id 70 newest); the front pins `pinned` in that order. */
function reader(pinned: number[]): ReaderApi {
  const all = Array.from({ length: 70 }, (_, i) => article(70 - i));
  const front: Front = {
    front: 'hem',
    version: 1,
    slots: pinned.map((id, i) => ({
      size: i === 0 ? 'large' : 'small',
      headline: i === 0 ? 'Frontrubrik' : null,
      teaser: null,
      image: null,
      article: article(id),
    })),
  };
  return {
    front: async () => front,
    listArticles: async ({ limit, offset, excludeIds = [] }: Parameters<ReaderApi['listArticles']>[0]) =>
      all.filter((a) => !excludeIds.includes(a.id)).slice(offset, offset + limit),
  } as unknown as ReaderApi;
}

describe('the curated list (issue 41)', () => {
  it('puts the pinned stories first, the lead marked, then the flow without duplicates', async () => {
    const page = await loadCuratedPage(reader([12, 69, 40]), 1, 'hem');
    expect(page.articles).toHaveLength(HOME_PAGE_SIZE);
    expect(page.articles.slice(0, 5).map((a) => a.id)).toEqual([12, 69, 40, 70, 68]);
    expect(page.articles[0].front_slot).toEqual({
      size: 'large',
      headline: 'Frontrubrik',
      teaser: null,
      image: null,
      lead: true,
    });
    expect(page.articles[1].front_slot?.lead).toBe(false);
    expect(page.articles[3].front_slot).toBeUndefined();
    expect(new Set(page.articles.map((a) => a.id)).size).toBe(HOME_PAGE_SIZE);
    expect(page.hasMore).toBe(true);
    // the mobile interleave takes the same order: the lead opens the first group of three
    const groups = Array.from({ length: MOBILE_GROUP_COUNT }, (_, g) =>
      page.articles.slice(g * MOBILE_GROUP_SIZE, (g + 1) * MOBILE_GROUP_SIZE).map((a) => a.id),
    );
    expect(groups[0]).toEqual([12, 69, 40]);
    expect(page.articles.slice(MOBILE_REST_FROM)[0]?.id).toBe(page.articles[MOBILE_REST_FROM].id);
  });

  it('later pages continue the flow where page 1 stopped, never repeating a pinned story', async () => {
    const r = reader([12, 69, 40]);
    const one = await loadCuratedPage(r, 1, 'hem');
    const two = await loadCuratedPage(r, 2, 'hem');
    const three = await loadCuratedPage(r, 3, 'hem');
    const seen = [...one.articles, ...two.articles, ...three.articles].map((a) => a.id);
    expect(seen).toHaveLength(70);
    expect(new Set(seen).size).toBe(70);
    expect(three.hasMore).toBe(false);
  });

  it('without pinned stories it is the plain newest-first list', async () => {
    const page = await loadCuratedPage(reader([]), 1, 'hem');
    expect(page.articles.map((a) => a.id)).toEqual(Array.from({ length: HOME_PAGE_SIZE }, (_, i) => 70 - i));
  });
});
