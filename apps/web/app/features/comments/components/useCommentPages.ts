import type { Comment, CommentOrder } from '@vaggen/contract';
import { type RefObject, useCallback, useRef, useState } from 'react';
import { commentsApi } from '../api';
import { isHeldComment as isHeld } from '../moderation-marks';
import { applyDelete, attachReplies, findComment, insertComment, lastReplyId } from '../tree';

/** The top-level comments shown so far (each with the replies loaded), paged by cursor (decision 015). */
export type Load = {
  status: 'loading' | 'ready' | 'error';
  comments: Comment[];
  total: number;
  next: string | null;
  /** Per thread: the cursor of its next replies page (the newest reply the server has sent). */
  cursors: Record<number, string | null>;
};
export type Busy = 'loading' | 'error';

/** How many of the reader's own new comments a fetched page is checked against. */
const POSTED_KEPT = 20;
const EMPTY: Load = { status: 'loading', comments: [], total: 0, next: null, cursors: {} };

/** Cursors for the threads of a fresh page: after the newest reply each came with. */
function cursorsOf(list: Comment[]): Record<number, string | null> {
  const out: Record<number, string | null> = {};
  for (const c of list) {
    const last = lastReplyId(c);
    out[c.id] = last === null ? null : String(last);
  }
  return out;
}

/**
 * The comments section's paging state (decision 015): the first page (afresh on load, a new order,
 * a `#comment` link not yet on the page), "Visa fler kommentarer", each thread's "Visa fler svar",
 * and the reader's own new and deleted comments placed at once. It sets `focusAfterLoad` (the
 * section's: where the focus goes once the list has changed) to the first comment it brought.
 */
export function useCommentPages(
  articleId: number,
  order: CommentOrder,
  focusAfterLoad: RefObject<number | 'heading' | null>,
) {
  const [load, setLoad] = useState<Load>(EMPTY);
  const [more, setMore] = useState<Busy | null>(null);
  const [threadBusy, setThreadBusy] = useState<Record<number, Busy>>({});
  // The comments this reader posted here, numbered, the last POSTED_KEPT of them. A page fetched
  // while one was on its way may have been read before it was saved: it keeps that comment, as
  // onPosted placed it (a fetch started with the section and a comment held until its code came).
  const posted = useRef<{ n: number; comment: Comment }[]>([]);
  const postedCount = useRef(0);

  /** The first page, afresh (on load, on a new order, for a #comment link not yet on the page). */
  const fetchComments = useCallback(async () => {
    const since = postedCount.current;
    try {
      const page = await commentsApi.page(articleId, order);
      let { comments, total } = page;
      for (const { n, comment: c } of posted.current) {
        if (n < since || findComment(comments, c.id)) continue;
        comments = insertComment(comments, c, order);
        total += isHeld(c) ? 0 : 1;
      }
      setLoad({
        status: 'ready',
        comments,
        total,
        next: page.next_cursor,
        cursors: cursorsOf(comments),
      });
      setMore(null);
      setThreadBusy({});
      return page.comments;
    } catch (err) {
      console.error('loading comments failed', err);
      setLoad((l) => ({ ...l, status: 'error' }));
      return null;
    }
  }, [articleId, order]);

  /** "Visa fler kommentarer": the next page goes below what the reader has; the focus moves to its first comment. */
  async function loadMore() {
    if (!load.next || more === 'loading') return;
    setMore('loading');
    try {
      const page = await commentsApi.page(articleId, order, load.next);
      const known = new Set(load.comments.map((c) => c.id));
      const fresh = page.comments.filter((c) => !known.has(c.id));
      setLoad((l) => ({
        ...l,
        comments: [...l.comments, ...fresh],
        total: page.total,
        next: page.next_cursor,
        cursors: { ...l.cursors, ...cursorsOf(fresh) },
      }));
      setMore(null);
      if (fresh[0]) focusAfterLoad.current = fresh[0].id;
    } catch (err) {
      console.error('loading more comments failed', err);
      setMore('error');
    }
  }

  /** "Visa fler svar": the thread's next replies, each under the comment it belongs to. */
  const loadMoreReplies = useCallback(
    async (root: Comment) => {
      setThreadBusy((b) => ({ ...b, [root.id]: 'loading' }));
      try {
        const page = await commentsApi.replies(root.id, load.cursors[root.id] ?? null);
        const ids: number[] = [];
        const stack = [...page.replies];
        while (stack.length) {
          const r = stack.pop() as Comment;
          ids.push(r.id);
          stack.push(...r.replies);
        }
        const last = page.next_cursor ?? (ids.length ? String(Math.max(...ids)) : (load.cursors[root.id] ?? null));
        setLoad((l) => ({
          ...l,
          comments: attachReplies(l.comments, root.id, page.replies, page.reply_count),
          cursors: { ...l.cursors, [root.id]: last },
        }));
        setThreadBusy(({ [root.id]: _, ...rest }) => rest);
        const first = page.replies[0];
        if (first && !findComment(load.comments, first.id)) focusAfterLoad.current = first.id;
      } catch (err) {
        console.error('loading replies failed', err);
        setThreadBusy((b) => ({ ...b, [root.id]: 'error' }));
      }
    },
    [load.cursors, load.comments, focusAfterLoad],
  );

  /** A comment the reader just posted, in its place at once (nothing else is fetched again). */
  const addPosted = useCallback(
    (c: Comment) => {
      posted.current = [...posted.current.slice(1 - POSTED_KEPT), { n: postedCount.current++, comment: c }];
      setLoad((l) => ({
        ...l,
        status: 'ready',
        comments: insertComment(l.comments, c, order),
        total: l.total + (isHeld(c) ? 0 : 1),
        cursors: c.parentId === null ? { ...l.cursors, [c.id]: null } : l.cursors,
      }));
    },
    [order],
  );

  /** A deleted comment: gone, or left as a placeholder for its replies. */
  const removeDeleted = (id: number, result: Parameters<typeof applyDelete>[2]) =>
    setLoad((l) => ({ ...l, comments: applyDelete(l.comments, id, result), total: Math.max(0, l.total - 1) }));

  /** "Försök igen" after the first page failed. */
  const retry = () => {
    setLoad((l) => ({ ...l, status: 'loading' }));
    void fetchComments();
  };

  return {
    load,
    more,
    threadBusy,
    fetchComments,
    loadMore,
    loadMoreReplies,
    addPosted,
    removeDeleted,
    retry,
  };
}
