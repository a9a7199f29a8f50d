import { categoryLabel, MSG, RELATED_ARTICLE_PAGE_COUNT } from '@vaggen/contract';
import { data, redirect } from 'react-router';
import { ArticleError } from '../features/articles/components/ArticleError';
import { articlePath } from '../features/articles/components/ArticleLink';
import { ArticleView } from '../features/articles/components/ArticleView';
import commentsStyles from '../features/comments/comments.css?url';
import { CommentsSection } from '../features/comments/components/CommentsSection';
import { EditArticleButton } from '../features/newsroom/components/EditArticleButton';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/article';

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await context.reader.articleBySlug(params.slug);
  if (!found) throw data(MSG.articleNotFound, { status: 404 });
  if ('redirectTo' in found) throw redirect(articlePath({ slug: found.redirectTo }), 301);
  const { article } = found;
  const related = await context.reader.related(article, RELATED_ARTICLE_PAGE_COUNT);
  return { article, related, url: `${context.origin}${articlePath(article)}` };
}

export const links = () => [{ rel: 'stylesheet', href: commentsStyles }];

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

function ShareLinks({ url, title }: { url: string; title: string }) {
  const u = encodeURIComponent(url);
  return (
    <nav className="share" aria-label="Dela artikeln">
      <a
        className="share-facebook"
        href={`https://www.facebook.com/sharer/sharer.php?u=${u}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        Dela på Facebook
      </a>
      <a
        className="share-twitter"
        href={`https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        Dela på Twitter
      </a>
    </nav>
  );
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, related, url } = loaderData;
  return (
    <ArticleView
      article={article}
      related={related}
      footer={
        <>
          <ShareLinks url={url} title={article.title} />
          <EditArticleButton article={article} />
        </>
      }
      after={
        <section id="comments" className="comments-placeholder" aria-label="Kommentarer">
          <CommentsSection articleId={article.id} />
        </section>
      }
    />
  );
}

export { ArticleError as ErrorBoundary };
