import type { Article } from '@vaggen/contract';
import { useParams } from 'react-router';
import { RequireRole } from '../components/RequireRole';
import { ArticleView, loadArticleSanitizer } from '../features/articles';
import { ArticlePreviewPage } from '../features/newsroom/components/ArticlePreviewPage';
import newsroomStyles from '../features/newsroom/newsroom.css?url';

export const links = () => [{ rel: 'stylesheet', href: newsroomStyles }];
export const meta = () => [{ title: 'Förhandsgranskning | Väggen' }, { name: 'robots', content: 'noindex' }];

/** The preview shows the article through the articles feature's own view. */
const view = { prepare: loadArticleSanitizer, render: (article: Article) => <ArticleView article={article} /> };

/** `/admin/articles/preview/{id}`: staff see an unpublished article as readers will (issue 14). */
export default function ArticlePreviewRoute() {
  const { id } = useParams();
  return (
    <RequireRole need="writer">
      {(user) => <ArticlePreviewPage key={id} user={user} id={Number(id)} view={view} />}
    </RequireRole>
  );
}
