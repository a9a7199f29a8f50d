import { MSG } from '@vaggen/contract';
import { data, redirect } from 'react-router';
import { ArticleError } from '../features/articles/components/ArticleError';
import { articlePath } from '../lib/paths';
import type { Route } from './+types/article-by-id';

/** Spec 000 §2: `/articles/{id}` redirects to the slug route. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  const article = Number.isInteger(id) && id > 0 ? await context.reader.articleById(id) : null;
  if (!article) throw data(MSG.articleNotFound, { status: 404 });
  throw redirect(articlePath(article), 301);
}

export default function ArticleById() {
  return null;
}

export { ArticleError as ErrorBoundary };
