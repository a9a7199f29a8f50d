import type { ArticleSummary } from '@vaggen/contract';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { authorPath } from '../structured-data';

/**
 * The byline as links: each staff author to their page (/skribent/{username}), in order, "A, B och
 * C"; a free byline ("TT") or a removed account as plain text.
 */
export function BylineLinks({ article }: { article: Pick<ArticleSummary, 'authors' | 'author_display_name'> }) {
  const authors = (article.authors ?? []).filter((a) => a.name);
  if (authors.length === 0) return <>{article.author_display_name}</>;
  return (
    <>
      {authors.map((a, i) => (
        <Fragment key={`${a.id ?? 'x'}-${a.name}`}>
          {i > 0 && (i === authors.length - 1 ? ' och ' : ', ')}
          {a.username ? (
            <Link to={authorPath(a.username)} rel="author">
              {a.name}
            </Link>
          ) : (
            a.name
          )}
        </Fragment>
      ))}
    </>
  );
}
