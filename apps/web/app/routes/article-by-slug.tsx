import { categoryLabel, MSG, RELATED_ARTICLE_PAGE_COUNT } from '@vaggen/contract';
import { data, redirect } from 'react-router';
import { ArticleError } from '../features/articles/components/ArticleError';
import { ArticlePage } from '../features/articles/components/ArticlePage';
import { CommentsSlot } from '../features/comments';
import { SubscribeForm } from '../features/newsletter';
import { EditArticleButton } from '../features/newsroom';
import { pageMeta } from '../lib/meta';
import { articlePath } from '../lib/paths';
import type { Route } from './+types/article-by-slug';

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await context.reader.articleBySlug(params.slug);
  if (!found) throw data(MSG.articleNotFound, { status: 404 });
  if ('redirectTo' in found) throw redirect(articlePath({ slug: found.redirectTo }), 301);
  const { article } = found;
  const [related, replyLinks] = await Promise.all([
    context.reader.related(article, RELATED_ARTICLE_PAGE_COUNT),
    context.reader.articleReplies(article.id),
  ]);
  return { article, related, replyLinks, url: `${context.origin}${articlePath(article)}`, origin: context.origin };
}

export const meta = ({ data: d }: Route.MetaArgs) =>
  d
    ? [
        ...pageMeta({
          title: d.article.title,
          description: d.article.excerpt,
          url: d.url,
          image: d.article.featured_image,
          type: 'article',
        }),
        { property: 'article:published_time', content: d.article.date },
        { property: 'article:section', content: categoryLabel(d.article.category) },
      ]
    : [{ title: `${MSG.articleNotFound} | Väggen` }];

export default function ArticleRoute({ loaderData }: Route.ComponentProps) {
  // The article route composes the page: the article, the edit button, the newsletter form and the comments.
  const { article } = loaderData;
  return (
    <ArticlePage
      loaderData={loaderData}
      actions={<EditArticleButton article={article} />}
      after={
        <>
          <SubscribeForm place="article" />
          <CommentsSlot articleId={article.id} />
        </>
      }
    />
  );
}

export { ArticleError as ErrorBoundary };
