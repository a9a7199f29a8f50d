import {
  AVATAR_COMMENT_SIZE,
  COMMENT_DEPTH_FLAG,
  type Comment,
  MSG,
  SUCCESS_MESSAGE_MS,
  type User,
} from '@vaggen/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { formatArticleDate } from '../../../lib/format';
import { isAdmin } from '../../auth/roles';
import { useSession } from '../../auth/session';
import { useFlash } from '../../auth/useFlash';
import { Avatar } from '../../users/components/Avatar';
import { ConfirmDialog } from '../../users/components/ConfirmDialog';
import { commentsApi } from '../api';
import { countVisible, findComment } from '../tree';
import { CommentForm, type Identity } from './CommentForm';
import { StaffBadge } from './StaffBadge';

type Load = { status: 'loading' | 'ready' | 'error'; comments: Comment[] };

interface ThreadContext {
  articleId: number;
  user: User | null;
  identity: Identity;
  onIdentity: (next: Identity) => void;
  replyTo: number | null;
  setReplyTo: (id: number | null) => void;
  targetId: number | null;
  onPosted: (c: Comment) => void;
  onDelete: (c: Comment) => void;
}

const canDelete = (c: Comment, user: User | null) =>
  !!user && !c.isDeleted && (isAdmin(user) || (c.author_id !== null && c.author_id === user.id));

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
  const replyOpen = ctx.replyTo === c.id;
  const replyButton = useRef<HTMLButtonElement>(null);
  const classes = ['comment-item', deep ? 'comment-deep' : '', ctx.targetId === c.id ? 'comment-target' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li id={`comment-${c.id}`} className={classes} data-depth={depth} tabIndex={-1}>
      {c.isDeleted ? (
        <div className="comment comment-removed">
          <p className="comment-deleted">{MSG.commentDeleted}</p>
        </div>
      ) : (
        <article className="comment" aria-label={`Kommentar från ${c.name}`}>
          <Avatar src={c.author_profile_picture} name={c.name} size={AVATAR_COMMENT_SIZE} className="comment-avatar" />
          <div className="comment-main">
            <header className="comment-head">
              <span className="comment-author">{c.name}</span>
              <StaffBadge role={c.author_role} />
              {deep && parentName && <span className="comment-replyto">svar till {parentName}</span>}
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
              <button
                ref={replyButton}
                type="button"
                className="link-button"
                aria-expanded={replyOpen}
                onClick={() => ctx.setReplyTo(replyOpen ? null : c.id)}
              >
                Svara<span className="visually-hidden"> på kommentaren från {c.name}</span>
              </button>
              {canDelete(c, ctx.user) && (
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
    </li>
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
export function CommentsSection({ articleId }: { articleId: number }) {
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : null;
  const [load, setLoad] = useState<Load>({ status: 'loading', comments: [] });
  const [identity, setIdentity] = useState<Identity>({ name: '', email: '' });
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [notice, setNotice] = useFlash(SUCCESS_MESSAGE_MS);
  const [targetId, setTargetId] = useState<number | null>(null);
  const focusAfterLoad = useRef<number | 'heading' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const location = useLocation();

  const fetchComments = useCallback(async () => {
    try {
      const comments = await commentsApi.list(articleId);
      setLoad({ status: 'ready', comments });
      return comments;
    } catch (err) {
      console.error('loading comments failed', err);
      setLoad((l) => ({ status: 'error', comments: l.comments }));
      return null;
    }
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

  // After posting or deleting, move the focus to the new comment (or back to the heading).
  useEffect(() => {
    const f = focusAfterLoad.current;
    if (f === null || load.status !== 'ready') return;
    focusAfterLoad.current = null;
    const el = f === 'heading' ? headingRef.current : document.getElementById(`comment-${f}`);
    el?.scrollIntoView({ block: 'nearest' });
    el?.focus({ preventScroll: true });
  }, [load]);

  const onPosted = useCallback(
    (c: Comment) => {
      setReplyTo(null);
      setNotice(c.parentId ? 'Ditt svar har publicerats.' : 'Din kommentar har publicerats.');
      focusAfterLoad.current = c.id;
      void fetchComments().then((list) => {
        // The refetch failed: show the new comment anyway.
        if (!list)
          setLoad((l) => (findComment(l.comments, c.id) || c.parentId ? l : { ...l, comments: [...l.comments, c] }));
      });
    },
    [fetchComments, setNotice],
  );

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      await commentsApi.remove(deleting.id);
      setDeleting(null);
      setNotice('Kommentaren har tagits bort.');
      focusAfterLoad.current = 'heading';
      await fetchComments();
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
  };
  const count = countVisible(load.comments);

  return (
    <div className="comments-section">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="comments-title">
        Kommentarer{load.status === 'ready' && <span className="comments-count"> ({count})</span>}
      </h2>
      <CommentForm articleId={articleId} user={user} identity={identity} onIdentity={setIdentity} onPosted={onPosted} />
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
      {load.comments.length > 0 && <Thread comments={load.comments} depth={0} parentName={null} ctx={ctx} />}
      <ConfirmDialog
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
          {deleting && deleting.replies.length > 0
            ? 'Kommentaren tas bort. Svaren på den finns kvar.'
            : 'Kommentaren tas bort för alla läsare.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}
