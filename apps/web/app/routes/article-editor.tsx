import { useParams } from 'react-router';
import { RequireRole } from '../components/RequireRole';
import accountStyles from '../features/auth/account.css?url';
import { ArticleModerationPanel } from '../features/moderation';
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

/** A saved article's comment moderation, below the editor. */
const moderationPanel = (articleId: number) => <ArticleModerationPanel articleId={articleId} />;

/**
 * `/admin/articles/new` and `/admin/articles/edit/{id}` (writer or admin, spec 000 §2): create or
 * edit mode by the route's id. The TipTap editor is a lazy chunk of this route only.
 */
export default function ArticleEditorRoute() {
  const { id } = useParams();
  return (
    <RequireRole need="writer">
      {(user) => (
        <ArticleEditorPage
          key={id ?? 'new'}
          user={user}
          id={id === undefined ? null : Number(id)}
          moderation={moderationPanel}
        />
      )}
    </RequireRole>
  );
}
