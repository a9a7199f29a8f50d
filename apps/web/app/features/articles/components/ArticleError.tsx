import { MSG } from '@vaggen/contract';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFound } from '../../../components/NotFound';

/**
 * Spec 000 §8: "Error loading articles" on a list page (home, category, tag, author) that failed.
 * An address with nothing behind it (an unknown author or tag: a 404 with its Swedish text as the
 * response's data) gets the 404 page instead (issue 41), not a red error.
 */
export function ArticleListError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound text={typeof error.data === 'string' ? error.data : undefined} />;
  }
  return (
    <p className="error" role="alert" lang="en">
      {MSG.errorLoadingArticles}
    </p>
  );
}

/** Spec 000 §8: "Article not found" for a 404 (on the 404 page, issue 41), otherwise "Error loading article". */
export function ArticleError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFound
        title={MSG.articleNotFound}
        titleLang="en"
        text="Artikeln finns inte, har tagits bort eller är inte publicerad än."
      />
    );
  }
  return (
    <section className="message-page" role="alert">
      <h1 lang="en">{MSG.errorLoadingArticle}</h1>
      <Link className="button" to="/">
        Till startsidan
      </Link>
    </section>
  );
}
