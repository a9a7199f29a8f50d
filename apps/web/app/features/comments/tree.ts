import { type Comment, type CommentOrder, EMAIL_PATTERN, MSG } from '@vaggen/contract';

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

/** Every reply under `c`, at any depth. */
export function countReplies(c: Comment): number {
  let n = 0;
  for (const r of c.replies) n += 1 + countReplies(r);
  return n;
}

/** The newest id under `c` (the cursor of its thread's next replies page); null without replies. */
export function lastReplyId(c: Comment): number | null {
  let max: number | null = null;
  for (const r of c.replies) {
    const inner = lastReplyId(r);
    max = Math.max(max ?? 0, r.id, inner ?? 0);
  }
  return max;
}

/** Names by id, for "svar till …" on replies that hang under an ancestor (nesting limit). */
export function namesById(list: Comment[], into = new Map<number, string>()): Map<number, string> {
  for (const c of list) {
    if (!c.isDeleted) into.set(c.id, c.name);
    namesById(c.replies, into);
  }
  return into;
}

/** `list` with `fn` applied to the comment `id` (nesting is bounded, so is the recursion). */
export function updateComment(list: Comment[], id: number, fn: (c: Comment) => Comment): Comment[] {
  let changed = false;
  const next = list.map((c) => {
    if (c.id === id) {
      changed = true;
      return fn(c);
    }
    if (c.replies.length === 0) return c;
    const replies = updateComment(c.replies, id, fn);
    if (replies === c.replies) return c;
    changed = true;
    return { ...c, replies };
  });
  return changed ? next : list;
}

/**
 * Attaches a replies page (oldest first; each reply under its parentId, which the reader already
 * has) to the thread `rootId`. Replies already shown (posted here meanwhile) are not added twice.
 */
export function attachReplies(list: Comment[], rootId: number, page: Comment[], replyCount: number): Comment[] {
  let next = list;
  const stack = [...page].reverse();
  while (stack.length) {
    const r = stack.pop() as Comment;
    if (findComment(next, r.id)) continue;
    const parentId = r.parentId ?? rootId;
    const placed = updateComment(next, parentId, (p) => ({ ...p, replies: [...p.replies, { ...r, replies: [] }] }));
    if (placed === next) continue;
    next = placed;
    stack.push(...[...r.replies].reverse());
  }
  return updateComment(next, rootId, (c) => ({ ...c, reply_count: replyCount }));
}

/** Adds a comment just posted in its place: a reply under its parent, a top-level one where the order puts it. */
export function insertComment(list: Comment[], c: Comment, order: CommentOrder): Comment[] {
  if (findComment(list, c.id)) return list;
  if (c.parentId === null) return order === 'newest' ? [c, ...list] : [...list, c];
  const placed = updateComment(list, c.parentId, (p) => ({ ...p, replies: [...p.replies, c] }));
  const rootId = c.root_id ?? null;
  if (rootId === null) return placed;
  return updateComment(placed, rootId, (r) => ({ ...r, reply_count: (r.reply_count ?? 0) + 1 }));
}

/** After a delete (spec 000 §2): a placeholder keeps its place; removed ones leave, and their thread's count drops. */
export function applyDelete(
  list: Comment[],
  id: number,
  result: { placeholder: boolean; removed: number[] },
): Comment[] {
  if (result.placeholder) {
    return updateComment(list, id, (c) => ({
      ...c,
      isDeleted: true,
      name: '',
      content: '',
      email: null,
      author_id: null,
      author_profile_picture: null,
    }));
  }
  const gone = new Set(result.removed.length ? result.removed : [id]);
  const prune = (l: Comment[]): Comment[] => {
    const kept = l.filter((c) => !gone.has(c.id));
    let changed = kept.length !== l.length;
    const out = kept.map((c) => {
      const replies = prune(c.replies);
      if (replies === c.replies) return c;
      changed = true;
      return { ...c, replies };
    });
    return changed ? out : l;
  };
  const pruned = prune(list);
  // each removed reply leaves its thread's count
  return pruned.map((top) => {
    const old = list.find((t) => t.id === top.id);
    if (!old || old === top) return top;
    const removed = countReplies(old) - countReplies(top);
    return removed > 0 ? { ...top, reply_count: Math.max(0, (top.reply_count ?? 0) - removed) } : top;
  });
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
