import type { ArticleSummary } from '@vaggen/contract';

/** The names of the byline: staff authors in order, or the free byline ("TT"). */
export function bylineNames(article: Pick<ArticleSummary, 'authors' | 'author_display_name'>): string {
  const names = (article.authors ?? []).map((a) => a.name).filter(Boolean);
  if (names.length === 0) return article.author_display_name;
  if (names.length === 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} och ${names[names.length - 1]}`;
}
