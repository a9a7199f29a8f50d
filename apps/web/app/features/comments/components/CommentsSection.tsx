import {
  COMMENTS_MSG,
  type Comment,
  type CommentOrder,
  MODERATION_MSG,
  MSG,
  SUCCESS_MESSAGE_MS,
} from '@vaggen/contract';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { keepTypedText } from '../../../lib/hydration';
import { useSession } from '../../../lib/session';
import { useFlash } from '../../../lib/useFlash';
import { commentsApi } from '../api';
import { isHeldComment as isHeld } from '../moderation-marks';
import { namesById } from '../tree';
import { CommentForm, type Identity } from './CommentForm';
import { Thread, type ThreadContext } from './CommentThread';
import { ReportCommentDialog } from './ReportCommentDialog';
import { useCommentPages } from './useCommentPages';
import '../comments.css';

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
  const [order, setOrder] = useState<CommentOrder>('oldest');
  const focusAfterLoad = useRef<number | 'heading' | null>(null);
  const { load, more, threadBusy, fetchComments, loadMore, loadMoreReplies, addPosted, removeDeleted, retry } =
    useCommentPages(articleId, order, focusAfterLoad);
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
      addPosted(c);
    },
    [setNotice, addPosted],
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
      removeDeleted(id, result);
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
          <button type="button" className="button button-secondary button-small" onClick={retry}>
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
