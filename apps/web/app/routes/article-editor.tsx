import { useParams } from 'react-router';
import accountStyles from '../features/auth/account.css?url';
import { RequireRole } from '../features/auth/guards';
import articleModerationStyles from '../features/moderation/article-panel.css?url';
import { ArticleEditorPage } from '../features/newsroom/components/ArticleEditorPage';
import newsroomStyles from '../features/newsroom/newsroom.css?url';
import reviewStyles from '../features/newsroom/review.css?url';
import type { Route } from './+types/article-editor';

export const links = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: newsroomStyles },
  { rel: 'stylesheet', href: articleModerationStyles },
  { rel: 'stylesheet', href: reviewStyles },
];
export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${'id' in params && params.id ? 'Redigera artikel' : 'Ny artikel'} | Väggen` },
  { name: 'robots', content: 'noindex' },
];

/**
 * `/admin/articles/new` and `/admin/articles/edit/{id}` (writer or admin, spec 000 §2): create or
 * edit mode by the route's id. The TipTap editor is a lazy chunk of this route only.
 */
export default function ArticleEditorRoute() {
  const { id } = useParams();
  return (
    <RequireRole need="writer">
      {(user) => <ArticleEditorPage key={id ?? 'new'} user={user} id={id === undefined ? null : Number(id)} />}
    </RequireRole>
  );
}
