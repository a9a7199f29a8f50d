import { ARTICLE_STATUS_LABELS, type Article, MSG, type User } from '@vaggen/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api';
import { newsroomApi } from '../api';
import { editPath } from './ArticleDashboard';
import { ArticleLoadState } from './NewsroomState';

type Load = { status: 'loading' } | { status: 'ready'; article: Article } | { status: 'error'; msg: string };

/**
 * Staff-only preview (issue 14): an article in any status exactly as readers will see it, under a
 * banner saying it is not public. Fetched in the browser with the writer's token, never cached.
 */
export function ArticlePreviewPage({
  id,
  view,
}: {
  user: User;
  id: number;
  /** How readers see an article (the route passes the articles feature's view and what it needs loaded first). */
  view: { prepare: () => Promise<unknown>; render: (article: Article) => ReactNode };
}) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    // the article body renders only once the browser's HTML cleaner is here (it is fetched on demand)
    Promise.all([newsroomApi.get(id), view.prepare()])
      .then(([article]) => live && setLoad({ status: 'ready', article }))
      .catch((err) => {
        if (!live) return;
        const msg =
          err instanceof ApiError && err.status === 404
            ? MSG.articleNotFound
            : err instanceof ApiError && err.status === 403
              ? MSG.articleEditNotOwn
              : MSG.errorLoadingArticle;
        setLoad({ status: 'error', msg });
      });
    return () => {
      live = false;
    };
  }, [id, view.prepare]);

  if (load.status !== 'ready') {
    return <ArticleLoadState load={load} />;
  }
  const { article } = load;
  return (
    <div className="article-preview">
      <div className="preview-banner" role="note">
        <strong>Förhandsgranskning</strong> – {ARTICLE_STATUS_LABELS[article.status]}
        {article.status !== 'published' && ': läsarna ser inte artikeln ännu.'}{' '}
        <Link to={editPath(article.id)}>Tillbaka till redigeringen</Link>
      </div>
      {view.render(article)}
    </div>
  );
}
