import { type Article, mayEditArticle } from '@vaggen/contract';
import { AppLink } from '../../../lib/router-bridge';
import { useSession } from '../../../lib/session';

/**
 * The article page's edit button (spec 000 §2 / §6): only for a user who may edit it (admin
 * always, a writer by author id). The page is server-rendered and cached for every visitor, so
 * this decides in the browser once the session has loaded; it renders nothing before that.
 * Kept tiny: reader pages must not pull in the newsroom.
 */
export function EditArticleButton({ article }: { article: Pick<Article, 'id' | 'author_id'> }) {
  const { user } = useSession();
  if (!mayEditArticle(user, article)) return null;
  return (
    <AppLink className="button button-small article-edit-button" href={`/admin/articles/edit/${article.id}`}>
      Redigera artikel
    </AppLink>
  );
}
