import { describe, expect, it } from 'vitest';
import { ArticlePages, pageInvalidationFor, tagListsAffected } from './modules/articles/page-tags.js';

// Issue 14 on the page cache (decision 016, 019): status changes reach readers as created/deleted,
// and the `/tag/{tag}` lists whose membership changes go with them.
describe('page invalidation of the newsroom workflow', () => {
  const base = { id: 7, category: 'SPORT' as const, authorId: 3, authorIds: [3, 4] };

  it('a hidden article going live (or created live) evicts the lists and tag lists it joins, not its own page', () => {
    const inv = pageInvalidationFor({ ...base, kind: 'created', tags: ['val', 'riksdag'] });
    expect(inv.evict).toEqual(
      expect.arrayContaining([
        ArticlePages.list(null),
        ArticlePages.list('SPORT'),
        ArticlePages.tag('val'),
        ArticlePages.tag('riksdag'),
      ]),
    );
    expect(inv.evict).not.toContain(ArticlePages.article(7));
  });

  it('an unpublished (or deleted) article leaves its page, every list showing it and its tag lists', () => {
    const inv = pageInvalidationFor({ ...base, kind: 'deleted', tags: ['val'] });
    expect(inv.evict).toEqual(
      expect.arrayContaining([
        ArticlePages.article(7),
        ArticlePages.shows(7),
        ArticlePages.list('SPORT'),
        ArticlePages.tag('val'),
      ]),
    );
  });

  it('an update evicts only the tag lists of tags added or removed', () => {
    expect(tagListsAffected({ ...base, kind: 'updated', tags: ['val', 'eu'], previousTags: ['val', 'nato'] })).toEqual([
      'eu',
      'nato',
    ]);
    expect(tagListsAffected({ ...base, kind: 'updated', tags: ['val'] })).toEqual([]);
    const inv = pageInvalidationFor({ ...base, kind: 'updated', tags: ['val'] });
    expect(inv.evict.filter((t) => t.startsWith('tag:'))).toEqual([]);
    expect(inv.evict).toEqual(expect.arrayContaining([ArticlePages.article(7), ArticlePages.shows(7)]));
  });
});
