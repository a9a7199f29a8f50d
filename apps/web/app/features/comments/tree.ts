import { type Comment, EMAIL_PATTERN, MSG } from '@vaggen/contract';

/** Comments still shown with their text (a deleted placeholder does not count). */
export function countVisible(list: Comment[]): number {
  let n = 0;
  for (const c of list) n += (c.isDeleted ? 0 : 1) + countVisible(c.replies);
  return n;
}

export function findComment(list: Comment[], id: number): Comment | undefined {
  for (const c of list) {
    if (c.id === id) return c;
    const inner = findComment(c.replies, id);
    if (inner) return inner;
  }
  return undefined;
}

/** Deepest level in the tree (top level = 0; an empty tree = -1). */
export function maxDepth(list: Comment[], depth = 0): number {
  let max = list.length > 0 ? depth : -1;
  for (const c of list) max = Math.max(max, maxDepth(c.replies, depth + 1));
  return max;
}

export type CommentField = 'name' | 'email' | 'content';

/**
 * Spec 000 §5 comment validation. Logged-in users only write the text; visitors need name, e-mail
 * and text, and an e-mail that looks like one.
 */
export function validateComment(
  v: { name: string; email: string; content: string },
  loggedIn: boolean,
): { msg: string; field: CommentField } | null {
  const content = v.content.trim();
  if (loggedIn) return content ? null : { msg: MSG.commentEmpty, field: 'content' };
  const name = v.name.trim();
  const email = v.email.trim();
  if (!name || !email || !content) {
    return { msg: MSG.commentFields, field: !name ? 'name' : !email ? 'email' : 'content' };
  }
  if (!EMAIL_PATTERN.test(email)) return { msg: MSG.commentEmail, field: 'email' };
  return null;
}
