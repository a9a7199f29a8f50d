import {
  AVATAR_COMMENT_SIZE,
  COMMENT_DEPTH_FLAG,
  COMMENTS_MSG,
  type Comment,
  type CommentOrder,
  MODERATION_MSG,
  MSG,
  mayDeleteComment,
  SUCCESS_MESSAGE_MS,
  type User,
} from '@vaggen/contract';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Avatar } from '../../../components/Avatar';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatArticleDate } from '../../../lib/format';
import { keepTypedText } from '../../../lib/hydration';
import { useSession } from '../../../lib/session';
import { useFlash } from '../../../lib/useFlash';
import { commentsApi } from '../api';
import { isHeldComment as isHeld, isModerationPlaceholder, moderationMark } from '../moderation-marks';
import { applyDelete, attachReplies, countReplies, findComment, insertComment, lastReplyId, namesById } from '../tree';
import { CommentForm, type Identity } from './CommentForm';
import { ReportCommentDialog } from './ReportCommentDialog';
import { StaffBadge } from './StaffBadge';
import '../comments.css';

/** The top-level comments shown so far (each with the replies loaded), paged by cursor (decision 015). */
type Load = {
  status: 'loading' | 'ready' | 'error';
  comments: Comment[];
  total: number;
  next: string | null;
  /** Per thread: the cursor of its next replies page (the newest reply the server has sent). */
  cursors: Record<number, string | null>;
};
type Busy = 'loading' | 'error';

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

interface ThreadContext {
  articleId: number;
  user: User | null;
  identity: Identity;
  onIdentity: Dispatch<SetStateAction<Identity>>;
  replyTo: number | null;
  setReplyTo: (id: number | null) => void;
  targetId: number | null;
  onPosted: (c: Comment) => void;
  onDelete: (c: Comment) => void;
  /** "Anmäl" (issue 16), and the comments this reader has reported here. */
  onReport: (c: Comment) => void;
  reported: ReadonlySet<number>;
  /** Comments are closed: no reply buttons. */
  closed: boolean;
  names: Map<number, string>;
  threadBusy: Record<number, Busy>;
  onMoreReplies: (root: Comment) => void;
}

function CommentItem({
  c,
  depth,
  parentName,
  ctx,
}: {
  c: Comment;
  depth: number;
  parentName: string | null;
  ctx: ThreadContext;
}) {
  const deep = depth >= COMMENT_DEPTH_FLAG;
  // a reply to a comment at the deepest level hangs under that comment's parent: name whom it answers
  const answered = c.reply_to_id ? (ctx.names.get(c.reply_to_id) ?? null) : parentName;
  const replyOpen = ctx.replyTo === c.id;
  const mark = moderationMark(c);
  const replyButton = useRef<HTMLButtonElement>(null);
  const classes = [
    'comment-item',
    deep ? 'comment-deep' : '',
    ctx.targetId === c.id ? 'comment-target' : '',
    mark ? 'comment-is-held' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li id={`comment-${c.id}`} className={classes} data-depth={depth} tabIndex={-1}>
      {c.isDeleted || isModerationPlaceholder(c) ? (
        <div className="comment comment-removed">
          <p className="comment-deleted">
            {c.isDeleted || c.moderation_status === 'rejected' ? MSG.commentDeleted : MODERATION_MSG.hiddenPlaceholder}
          </p>
        </div>
      ) : (
        <article className="comment" aria-label={`Kommentar från ${c.name}`}>
          <Avatar src={c.author_profile_picture} name={c.name} size={AVATAR_COMMENT_SIZE} className="comment-avatar" />
          <div className="comment-main">
            <header className="comment-head">
              <span className="comment-author">{c.name}</span>
              <StaffBadge role={c.author_role} />
              {mark && <span className="comment-held">{mark}</span>}
              {deep && answered && <span className="comment-replyto">svar till {answered}</span>}
              <time className="comment-time" dateTime={c.createdAt}>
                {formatArticleDate(c.createdAt)}
              </time>
              {c.email && (
                <a className="comment-email" href={`mailto:${c.email}`}>
                  {c.email}
                </a>
              )}
            </header>
            <p className="comment-content">{c.content}</p>
            <div className="comment-actions">
              {!ctx.closed && !mark && (
                <button
                  ref={replyButton}
                  type="button"
                  className="link-button"
                  aria-expanded={replyOpen}
                  onClick={() => ctx.setReplyTo(replyOpen ? null : c.id)}
                >
                  Svara<span className="visually-hidden"> på kommentaren från {c.name}</span>
                </button>
              )}
              {!mark && !(ctx.user && c.author_id === ctx.user.id) && (
                // once reported it says so, and stays focusable: the dialog gives the focus back here
                <button
                  type="button"
                  className="link-button comment-report"
                  aria-disabled={ctx.reported.has(c.id) || undefined}
                  onClick={() => !ctx.reported.has(c.id) && ctx.onReport(c)}
                >
                  {ctx.reported.has(c.id) ? 'Anmäld' : 'Anmäl'}
                  <span className="visually-hidden"> kommentaren från {c.name}</span>
                </button>
              )}
              {mayDeleteComment(ctx.user, c) && (
                <button type="button" className="link-button comment-delete" onClick={() => ctx.onDelete(c)}>
                  Ta bort<span className="visually-hidden"> kommentaren från {c.name}</span>
                </button>
              )}
            </div>
          </div>
        </article>
      )}
      {replyOpen && (
        <CommentForm
          articleId={ctx.articleId}
          parentId={c.id}
          replyingTo={c.name}
          user={ctx.user}
          identity={ctx.identity}
          onIdentity={ctx.onIdentity}
          onPosted={ctx.onPosted}
          onCancel={() => {
            ctx.setReplyTo(null);
            replyButton.current?.focus();
          }}
        />
      )}
      {c.replies.length > 0 && (
        <Thread comments={c.replies} depth={depth + 1} parentName={c.isDeleted ? null : c.name} ctx={ctx} />
      )}
      {depth === 0 && <MoreReplies c={c} ctx={ctx} />}
    </li>
  );
}

/** "Visa fler svar" under a thread whose replies are not all here yet. */
function MoreReplies({ c, ctx }: { c: Comment; ctx: ThreadContext }) {
  const left = (c.reply_count ?? 0) - countReplies(c);
  if (left <= 0) return null;
  const busy = ctx.threadBusy[c.id];
  return (
    <div className="comments-more comments-more-replies">
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={busy === 'loading'}
        onClick={() => ctx.onMoreReplies(c)}
      >
        {busy === 'loading' ? 'Laddar...' : `${COMMENTS_MSG.showMoreReplies} (${left})`}
        {c.name && <span className="visually-hidden"> på kommentaren från {c.name}</span>}
      </button>
      {busy === 'error' && (
        <p className="comment-error" role="alert">
          {MSG.commentLoadFailed}
        </p>
      )}
    </div>
  );
}

/** Replies are indented up to the flagged depth (spec 000 §9: 5); deeper ones stay in line, marked "svar till …". */
function Thread({
  comments,
  depth,
  parentName,
  ctx,
}: {
  comments: Comment[];
  depth: number;
  parentName: string | null;
  ctx: ThreadContext;
}) {
  const cls =
    depth === 0
      ? 'comment-list'
      : depth >= COMMENT_DEPTH_FLAG
        ? 'comment-replies comment-replies-flat'
        : 'comment-replies';
  return (
    <ol className={cls}>
      {comments.map((c) => (
        <CommentItem key={c.id} c={c} depth={depth} parentName={parentName} ctx={ctx} />
      ))}
    </ol>
  );
}

/**
 * Spec 000 §2 comments section. The article page is cached for everyone, so comments are fetched
 * in the browser after hydration; `#comment-<id>` scrolls to that comment once they are in.
 */
export function CommentsSection({
  articleId,
  hash,
  locationKey,
}: {
  articleId: number;
  /** The page address's `#…` and React Router's key of the visit (a `#comment-…` link). */
  hash: string;
  locationKey: string;
}) {
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : null;
  const [load, setLoad] = useState<Load>(EMPTY);
  const [order, setOrder] = useState<CommentOrder>('oldest');
  const [more, setMore] = useState<Busy | null>(null);
  const [threadBusy, setThreadBusy] = useState<Record<number, Busy>>({});
  const [identity, setIdentity] = useState<Identity>({ name: '', email: '' });
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // Issue 16: whether the article takes comments now (closed by hand or after the set days).
  const [closed, setClosed] = useState(false);
  const [reporting, setReporting] = useState<Comment | null>(null);
  const [reported, setReported] = useState<ReadonlySet<number>>(() => new Set());
  const [notice, setNotice] = useFlash(SUCCESS_MESSAGE_MS);
  const [targetId, setTargetId] = useState<number | null>(null);
  const focusAfterLoad = useRef<number | 'heading' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLDivElement>(null);
  // The section hydrates when its chunk has come, after the page: a comment typed into the server's
  // form by then goes into state before the first render after loading could wipe it.
  useLayoutEffect(() => {
    if (sectionRef.current) keepTypedText(sectionRef.current);
  }, []);
  // Fixed ids, not useId: see CommentForm.
  const headingId = 'comments-heading';
  const orderId = 'comments-order';
  const location = { hash, key: locationKey };

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

  useEffect(() => {
    let live = true;
    commentsApi
      .articleModeration(articleId)
      .then((m) => live && setClosed(!m.open))
      .catch((err) => console.error('loading whether comments are open failed', err));
    return () => {
      live = false;
    };
  }, [articleId]);

  // Load once the session is known (admins get e-mail addresses), and again when the user changes.
  const viewer = session.status === 'loading' ? undefined : (user?.id ?? null);
  useEffect(() => {
    if (viewer !== undefined) void fetchComments();
  }, [viewer, fetchComments]);

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
    [load.cursors, load.comments],
  );

  // #comment-<id>: scroll to it and focus it once it is on the page (one fresh fetch if it is new).
  const hashMatch = /^#comment-(\d+)$/.exec(location.hash);
  const hashId = hashMatch ? Number(hashMatch[1]) : null;
  const handled = useRef<string | null>(null);
  const refetched = useRef<string | null>(null);
  useEffect(() => {
    if (hashId === null || load.status !== 'ready') return;
    const key = `${location.key}${location.hash}`;
    if (handled.current === key) return;
    const el = document.getElementById(`comment-${hashId}`);
    if (el) {
      handled.current = key;
      setTargetId(hashId);
      el.scrollIntoView({ block: 'center' });
      el.focus({ preventScroll: true });
    } else if (refetched.current !== key) {
      refetched.current = key;
      void fetchComments();
    } else {
      handled.current = key;
    }
  }, [hashId, load, location.key, location.hash, fetchComments]);

  // After posting, deleting or loading more, move the focus (to the comment, or back to the heading).
  useEffect(() => {
    const f = focusAfterLoad.current;
    if (f === null || load.status !== 'ready') return;
    focusAfterLoad.current = null;
    const el = f === 'heading' ? headingRef.current : document.getElementById(`comment-${f}`);
    el?.scrollIntoView({ block: 'nearest' });
    el?.focus({ preventScroll: true });
  }, [load]);

  // A new comment shows at once in its place; nothing else is fetched again.
  const onPosted = useCallback(
    (c: Comment) => {
      setReplyTo(null);
      setNotice(
        isHeld(c)
          ? MODERATION_MSG.pendingNotice
          : c.parentId
            ? 'Ditt svar har publicerats.'
            : 'Din kommentar har publicerats.',
      );
      focusAfterLoad.current = c.id;
      posted.current = [...posted.current.slice(1 - POSTED_KEPT), { n: postedCount.current++, comment: c }];
      setLoad((l) => ({
        ...l,
        status: 'ready',
        comments: insertComment(l.comments, c, order),
        total: l.total + (isHeld(c) ? 0 : 1),
        cursors: c.parentId === null ? { ...l.cursors, [c.id]: null } : l.cursors,
      }));
    },
    [order, setNotice],
  );

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      const result = await commentsApi.remove(deleting.id);
      const id = deleting.id;
      setDeleting(null);
      setNotice('Kommentaren har tagits bort.');
      focusAfterLoad.current = 'heading';
      setLoad((l) => ({ ...l, comments: applyDelete(l.comments, id, result), total: Math.max(0, l.total - 1) }));
    } catch (err) {
      console.error('deleting a comment failed', err);
      setDeleteError(MSG.commentDeleteFailed);
    } finally {
      setDeleteBusy(false);
    }
  }

  const ctx: ThreadContext = {
    articleId,
    user,
    identity,
    onIdentity: setIdentity,
    replyTo,
    setReplyTo,
    targetId,
    onPosted,
    onDelete: (c) => {
      setDeleteError(null);
      setDeleting(c);
    },
    onReport: setReporting,
    reported,
    closed,
    names: namesById(load.comments),
    threadBusy,
    onMoreReplies: (root) => void loadMoreReplies(root),
  };

  return (
    <div className="comments-section" ref={sectionRef}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="comments-title">
        Kommentarer{load.status === 'ready' && <span className="comments-count"> ({load.total})</span>}
      </h2>
      {closed ? (
        <p className="comments-closed">{MODERATION_MSG.closed}</p>
      ) : (
        <CommentForm
          articleId={articleId}
          user={user}
          identity={identity}
          onIdentity={setIdentity}
          onPosted={onPosted}
        />
      )}
      <p className="comment-notice" role="status">
        {notice}
      </p>
      {load.status === 'loading' && <p className="comments-state">Laddar kommentarer...</p>}
      {load.status === 'error' && (
        <div className="comments-state">
          <p className="comment-error" role="alert">
            {MSG.commentLoadFailed}
          </p>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => {
              setLoad((l) => ({ ...l, status: 'loading' }));
              void fetchComments();
            }}
          >
            Försök igen
          </button>
        </div>
      )}
      {load.status === 'ready' && load.comments.length === 0 && (
        <p className="comments-state">Inga kommentarer ännu. Skriv den första!</p>
      )}
      {(load.comments.length > 0 || order === 'newest') && (
        <div className="comments-order">
          <label htmlFor={orderId}>Visa</label>
          <select id={orderId} value={order} onChange={(e) => setOrder(e.target.value as CommentOrder)}>
            <option value="oldest">Äldsta först</option>
            <option value="newest">Nyaste först</option>
          </select>
        </div>
      )}
      {load.comments.length > 0 && <Thread comments={load.comments} depth={0} parentName={null} ctx={ctx} />}
      {load.status === 'ready' && load.next && (
        <div className="comments-more">
          <button
            type="button"
            className="button button-secondary"
            disabled={more === 'loading'}
            onClick={() => void loadMore()}
          >
            {more === 'loading' ? 'Laddar...' : COMMENTS_MSG.showMoreComments}
          </button>
          {more === 'error' && (
            <p className="comment-error" role="alert">
              {MSG.commentLoadFailed}
            </p>
          )}
        </div>
      )}
      <ReportCommentDialog
        idBase="comments-report"
        comment={reporting}
        onReported={(id) => setReported((r) => new Set(r).add(id))}
        onClose={() => setReporting(null)}
      />
      <ConfirmDialog
        idBase="comments-delete"
        open={deleting !== null}
        title="Ta bort kommentaren?"
        confirmLabel="Ta bort"
        pendingLabel="Tar bort..."
        pending={deleteBusy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>
          {deleting && (deleting.replies.length > 0 || (deleting.reply_count ?? 0) > 0)
            ? 'Kommentaren tas bort. Svaren på den finns kvar.'
            : 'Kommentaren tas bort för alla läsare.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}
