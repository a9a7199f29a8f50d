import type { ArticleSummary } from '@vaggen/contract';
import { Link } from 'react-router';

export const articlePath = (a: Pick<ArticleSummary, 'slug'>) => `/article/${encodeURIComponent(a.slug)}`;

/** A headline link for sidebar blocks. */
export function ArticleLink({ article }: { article: ArticleSummary }) {
  return (
    <Link to={articlePath(article)} prefetch="intent">
      {article.title}
    </Link>
  );
}
