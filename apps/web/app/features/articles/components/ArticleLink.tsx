import type { ArticleSummary } from '@vaggen/contract';
import { Link } from 'react-router';
import { articlePath } from '../../../lib/paths';

/** A headline link for sidebar blocks. */
export function ArticleLink({ article }: { article: ArticleSummary }) {
  return (
    <Link to={articlePath(article)} prefetch="intent">
      {article.title}
    </Link>
  );
}
