import type { Comment, CommentPage, CommentRepliesPage } from '@vaggen/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Test helper: the whole of an article's thread as a reader gets it through the paged API —
 * every page of top-level comments, then every further page of each thread's replies, attached
 * by parentId. Returns the tree and the number of requests it took.
 */
export async function readWholeThread(
  app: FastifyInstance,
  articleId: number,
  opts: { headers?: Record<string, string>; order?: 'newest' | 'oldest'; limit?: number; replyLimit?: number } = {},
): Promise<{ tree: Comment[]; requests: number; total: number }> {
  const get = async <T>(url: string): Promise<T> => {
    const res = await app.inject({ url, headers: opts.headers ?? {} });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };
  const tree: Comment[] = [];
  const byId = new Map<number, Comment>();
  const index = (list: Comment[]) => {
    const stack = [...list];
    while (stack.length) {
      const c = stack.pop() as Comment;
      if (byId.has(c.id)) throw new Error(`comment ${c.id} twice`);
      byId.set(c.id, c);
      stack.push(...c.replies);
    }
  };
  let requests = 0;
  let total = 0;
  let cursor: string | null = null;
  do {
    const page: CommentPage = await get<CommentPage>(
      `/api/comments?articleId=${articleId}&order=${opts.order ?? 'oldest'}&limit=${opts.limit ?? 50}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    requests++;
    total = page.total;
    index(page.comments);
    tree.push(...page.comments);
    cursor = page.next_cursor;
  } while (cursor);
  for (const top of [...tree]) {
    let loaded = 0;
    const count = (c: Comment): number => c.replies.reduce((n, r) => n + 1 + count(r), 0);
    loaded = count(top);
    if (loaded >= (top.reply_count ?? 0)) continue;
    // the next page starts after the newest reply already there (replies come in id order)
    let after = 0;
    const stack = [...top.replies];
    while (stack.length) {
      const c = stack.pop() as Comment;
      after = Math.max(after, c.id);
      stack.push(...c.replies);
    }
    let next: string | null = String(after);
    while (next) {
      const page: CommentRepliesPage = await get<CommentRepliesPage>(
        `/api/comments/${top.id}/replies?cursor=${next}&limit=${opts.replyLimit ?? 100}`,
      );
      requests++;
      for (const c of page.replies) {
        const parent = c.parentId === null ? undefined : byId.get(c.parentId);
        if (!parent) throw new Error(`reply ${c.id}: parent ${c.parentId} not loaded`);
        parent.replies.push(c);
      }
      index(page.replies);
      next = page.next_cursor;
    }
  }
  return { tree, requests, total };
}
