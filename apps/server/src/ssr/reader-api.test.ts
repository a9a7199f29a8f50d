import type { ArticleSummary, Category } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, makeAuthor, type TestApp } from '../../test/helpers.js';
import { createReaderApi } from './reader-api.js';

/**
 * What the server-rendered pages read (the ReaderApi): the sidebar's "latest", "next" and "hottest
 * last week" blocks, related articles and the lists, without needing a web build.
 */
describe.each(dialects)('the reader API on %s', (dialect) => {
  let t: TestApp;
  let reader: ReturnType<typeof createReaderApi>;
  let authorId: number;
  const DAY = 86_400_000;
  const ids: Record<string, number> = {};
  const titles = (list: ArticleSummary[]) => list.map((a) => a.title);

  const make = async (title: string, daysAgo: number, category: Category = 'NYHETER') => {
    const a = await t.app.services.articles.create({
      title,
      content: `<p>${title}.</p>`,
      category,
      authorId,
      authorName: 'Maja Reporter',
      featuredImage: null,
      publishedAt: new Date(Date.now() - daysAgo * DAY).toISOString(),
    });
    ids[title] = a.id;
    return a;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    authorId = await makeAuthor(t, 'maja', 'Maja Reporter');
    reader = createReaderApi(t.app.services, t.app.pageCache);
    await make('Gammal fyra', 30);
    await make('Gammal tre', 20, 'SPORT');
    await make('Gammal två', 10);
    await make('Gammal ett', 8, 'SPORT');
    await make('Förra veckan två', 5);
    await make('Förra veckan ett', 3, 'SPORT');
    for (let i = 6; i >= 1; i--) await make(`Ny ${i}`, i / 24, i % 2 ? 'SPORT' : 'NYHETER');
  });
  afterAll(() => t?.close());

  it('fills the sidebar: three latest, three next, then last week’s, then older to make five', async () => {
    const s = await reader.sidebar();
    expect(titles(s.latest)).toEqual(['Ny 1', 'Ny 2', 'Ny 3']);
    expect(titles(s.next)).toEqual(['Ny 4', 'Ny 5', 'Ny 6']);
    expect(titles(s.hottest)).toEqual([
      'Förra veckan ett',
      'Förra veckan två',
      'Gammal ett',
      'Gammal två',
      'Gammal tre',
    ]);
  });

  it('hottest: only last week when that fills the block; never an article already shown', async () => {
    const shown = [ids['Ny 1'], ids['Ny 2']];
    const two = await t.app.services.articles.list({ limit: 2, offset: 0, excludeIds: shown });
    expect(titles(two)).toEqual(['Ny 3', 'Ny 4']);
    const eight = await t.app.services.articles.list({ limit: 8, offset: 0, excludeIds: shown });
    expect(titles(eight)).toEqual([
      'Ny 3',
      'Ny 4',
      'Ny 5',
      'Ny 6',
      'Förra veckan ett',
      'Förra veckan två',
      'Gammal ett',
      'Gammal två',
    ]);
  });

  it('related: the same category, newest first, never the article itself, at most the limit', async () => {
    const article = { id: ids['Ny 1'], category: 'SPORT' as Category };
    expect(titles(await reader.related(article, 3))).toEqual(['Ny 3', 'Ny 5', 'Förra veckan ett']);
    expect(titles(await reader.related({ id: ids['Ny 2'], category: 'NYHETER' }, 10))).toEqual([
      'Ny 4',
      'Ny 6',
      'Förra veckan två',
      'Gammal två',
      'Gammal fyra',
    ]);
  });

  it('lists by category with limit and offset, newest first', async () => {
    expect(titles(await reader.listArticles({ category: 'SPORT', limit: 2, offset: 1 }))).toEqual(['Ny 3', 'Ny 5']);
    expect(titles(await reader.listArticles({ limit: 2, offset: 10 }))).toEqual(['Gammal tre', 'Gammal fyra']);
  });

  it('refreshes the sidebar at once when an article is published', async () => {
    await reader.sidebar();
    await make('Allra senast', 0);
    expect(titles((await reader.sidebar()).latest)).toEqual(['Allra senast', 'Ny 1', 'Ny 2']);
  });
});
