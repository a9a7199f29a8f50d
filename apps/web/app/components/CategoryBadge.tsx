import { categoryLabel, categoryPath } from '@vaggen/contract';
import { Link } from 'react-router';

/** An article's category as the badge that links to the category's page (cards, articles, search hits). */
export function CategoryBadge({ category }: { category: string }) {
  return (
    <Link className="badge" to={categoryPath(category)}>
      {categoryLabel(category)}
    </Link>
  );
}
