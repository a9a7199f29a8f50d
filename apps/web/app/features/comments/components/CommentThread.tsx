import {
  AVATAR_COMMENT_SIZE,
  COMMENT_DEPTH_FLAG,
  COMMENTS_MSG,
  type Comment,
  DSA_NOTICE_PATH,
  MODERATION_MSG,
  MSG,
  mayDeleteComment,
  type User,
} from '@vaggen/contract';
import { type Dispatch, type SetStateAction, useRef } from 'react';
import { Avatar } from '../../../components/Avatar';
import { formatArticleDate } from '../../../lib/format';
import { isModerationPlaceholder, moderationMark } from '../moderation-marks';
import { countReplies } from '../tree';
import { CommentForm, type Identity } from './CommentForm';
import { StaffBadge } from './StaffBadge';
import type { Busy } from './useCommentPages';

/** What every comment of a thread needs from the section: the reader, the open reply form, the actions. */
export interface ThreadContext {
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
              {!mark && (
                // Issue 43: a notice of illegal content (DSA), separate from reporting a rude comment
                <a
                  className="link-button comment-illegal"
                  href={`${DSA_NOTICE_PATH}?url=${encodeURIComponent(`/articles/${ctx.articleId}#comment-${c.id}`)}`}
                >
                  Anmäl olagligt innehåll<span className="visually-hidden"> i kommentaren från {c.name}</span>
                </a>
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
export function Thread({
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
