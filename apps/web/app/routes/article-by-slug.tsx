import { categoryLabel, MSG, RELATED_ARTICLE_PAGE_COUNT } from '@vaggen/contract';
import { data, redirect } from 'react-router';
import { ArticleError } from '../features/articles/components/ArticleError';
import { ArticlePage } from '../features/articles/components/ArticlePage';
import { CommentsSlotIsland } from '../features/comments';
import { LiveIsland } from '../features/live';
import { SubscribeFormIsland } from '../features/newsletter';
import { EditArticleIsland } from '../features/newsroom';
import { pageMeta } from '../lib/meta';
import { articlePath } from '../lib/paths';
import type { Route } from './+types/article-by-slug';

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await context.reader.articleBySlug(params.slug);
  if (!found) throw data(MSG.articleNotFound, { status: 404 });
  if ('redirectTo' in found) throw redirect(articlePath({ slug: found.redirectTo }), 301);
  const { article } = found;
  const [related, replyLinks, live] = await Promise.all([
    context.reader.related(article, RELATED_ARTICLE_PAGE_COUNT),
    context.reader.articleReplies(article.id),
    // issue 44: a live report's entries, in the page's snapshot
    article.kind === 'live' ? context.reader.liveEntries(article.id) : null,
  ]);
  return {
    article,
    related,
    replyLinks,
    live,
    url: `${context.origin}${articlePath(article)}`,
    origin: context.origin,
  };
}

export const meta = ({ data: d }: Route.MetaArgs) =>
  d
    ? [
        ...pageMeta({
          // issue 41: the search engines' own title and description when the newsroom wrote them
          title: d.article.seo_title || d.article.title,
          description: d.article.seo_description || d.article.excerpt,
          url: d.url,
          image: d.article.featured_image,
          type: 'article',
          social: {
            title: d.article.social_title,
            description: d.article.social_description,
            image: d.article.social_image,
          },
        }),
        { property: 'article:published_time', content: d.article.date },
        { property: 'article:section', content: categoryLabel(d.article.category) },
      ]
    : [{ title: `${MSG.articleNotFound} | Väggen` }];

/** Issue 46: an island page (root.tsx): only the edit button, the report, the sign-up and the comments hydrate. */
export const handle = { islands: true };

export default function ArticleRoute({ loaderData }: Route.ComponentProps) {
  // The article route composes the page: the article, the edit button, the newsletter form and the comments.
  const { article } = loaderData;
  return (
    <ArticlePage
      loaderData={loaderData}
      actions={<EditArticleIsland article={{ id: article.id, author_id: article.author_id }} />}
      afterBody={
        loaderData.live && (
          <LiveIsland
            data={{ article: { id: article.id, live_ended_at: article.live_ended_at }, live: loaderData.live }}
          />
        )
      }
      after={
        <>
          <SubscribeFormIsland place="article" />
          <CommentsSlotIsland articleId={article.id} />
        </>
      }
    />
  );
}

export { ArticleError as ErrorBoundary };
