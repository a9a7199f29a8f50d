import type { Article, User } from '@vaggen/contract';
import { canWrite, isAdmin } from '../auth';

/**
 * Spec 000 §6: admins may edit any article; writers only their own (the article's author id
 * compared with the user's id). The server checks the same rule on every write.
 */
export function mayEditArticle(
  user: Pick<User, 'id' | 'account_type' | 'is_admin'> | null | undefined,
  article: Pick<Article, 'author_id'>,
): boolean {
  if (!user) return false;
  if (isAdmin(user)) return true;
  return canWrite(user) && article.author_id !== null && article.author_id === user.id;
}
