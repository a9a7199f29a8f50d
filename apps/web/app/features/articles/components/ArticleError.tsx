import { MSG } from '@vaggen/contract';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Spec 000 §8: "Error loading articles" on a list page (home, category, tag, author). */
export function ArticleListError() {
  return (
    <p className="error" role="alert" lang="en">
      {MSG.errorLoadingArticles}
    </p>
  );
}

/** Spec 000 §8: "Article not found" for a 404, otherwise "Error loading article". */
export function ArticleError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="message-page" role="alert">
      <h1 lang="en">{notFound ? MSG.articleNotFound : MSG.errorLoadingArticle}</h1>
      <Link className="button" to="/">
        Till startsidan
      </Link>
    </section>
  );
}
