import {
  AUTH_MSG,
  COMMENT_MAX,
  COMMENT_NAME_MAX,
  type Comment,
  displayName,
  EMAIL_MAX,
  MSG,
  type User,
} from '@vaggen/contract';
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { langOf } from '../../../lib/lang';
import { accountApi } from '../../../lib/session';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { commentsApi } from '../api';
import { type CommentField, validateComment } from '../tree';

export interface Identity {
  name: string;
  email: string;
}

/** Spec 000 §8: the server's own message for a refused comment (4xx), else the spec's text. */
function submitError(err: unknown): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.serverMsg) {
    return err.serverMsg;
  }
  return MSG.commentSubmitFailed;
}

/**
 * The comment form (spec 000 §2 / §5): visitors give name, e-mail and text; logged-in users' name
 * and e-mail are prefilled from the account (the server takes them from the account anyway).
 * With `parentId` it is the reply form, with a cancel button.
 */
export function CommentForm({
  articleId,
  parentId = null,
  replyingTo,
  user,
  identity,
  onIdentity,
  onPosted,
  onCancel,
}: {
  articleId: number;
  parentId?: number | null;
  replyingTo?: string;
  user: User | null;
  identity: Identity;
  /** A state setter: several fields may change before the next render (keepTypedText). */
  onIdentity: Dispatch<SetStateAction<Identity>>;
  onPosted: (comment: Comment) => void;
  onCancel?: () => void;
}) {
  const [content, setContent] = useState('');
  /** Issue 21: the answer to "skicka igen" when the account's e-mail awaits confirmation. */
  const [resent, setResent] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  // Fixed, not useId: the section is hydrated in a root of its own, whose ids would differ from
  // those the server wrote while rendering the whole page (lazy.tsx). One form per parent at a time.
  const id = `comment-form-${parentId ?? 'new'}`;
  const errorId = `${id}-error`;
  const isReply = parentId !== null;

  // A reply form gets the focus when it opens.
  useEffect(() => {
    if (isReply) textRef.current?.focus();
  }, [isReply]);

  const name = user ? displayName(user) : identity.name;
  const email = user ? (user.email ?? '') : identity.email;

  const submission = useFormSubmission<{ name: string; email: string; content: string }, CommentField>({
    idPrefix: id,
    validate: (typed) => validateComment(typed, user !== null),
    send: async (typed) => {
      setResent(null);
      try {
        const created = await commentsApi.create({
          articleId,
          parentId,
          name: typed.name.trim(),
          email: typed.email.trim(),
          content: typed.content.trim(),
        });
        setContent('');
        onPosted(created);
      } catch (err) {
        console.error('posting a comment failed', err);
        throw err;
      }
    },
    failMsg: submitError,
    stayOpen: true,
  });
  const error = submission.problem;
  const sending = submission.sending;

  function submit(e: React.FormEvent) {
    // Issue 20: the comments are a chunk of their own that hydrates when it arrives, so a reader may
    // type into the server's form before React holds it; the click that hydrates it is then replayed
    // with empty state. What the fields show is what the reader wrote: take it from them.
    const shownForm = e.currentTarget as HTMLFormElement;
    const shown = (field: string) =>
      (shownForm.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement | null)?.value ?? '';
    const typed = {
      name: name || (user ? '' : shown('name')),
      email: email || (user ? '' : shown('email')),
      content: content || shown('content'),
    };
    if (!user && (typed.name !== name || typed.email !== email))
      onIdentity((was) => ({ ...was, name: typed.name, email: typed.email }));
    if (typed.content !== content) setContent(typed.content);
    void submission.submit(e, typed);
  }

  async function resend() {
    setResending(true);
    try {
      setResent((await accountApi.resendVerification()).msg);
    } catch (err) {
      setResent(
        err instanceof ApiError && err.serverMsg ? err.serverMsg : 'Det gick inte att skicka mejlet. Försök igen.',
      );
    } finally {
      setResending(false);
    }
  }

  const invalid = (f: CommentField) =>
    error?.field === f ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  const showIdentity = !user || !isReply;

  return (
    <form
      className={isReply ? 'comment-form comment-reply-form surface' : 'comment-form surface'}
      onSubmit={submit}
      noValidate
      aria-label={isReply ? `Svara ${replyingTo ?? ''}`.trim() : 'Skriv en kommentar'}
    >
      {showIdentity && (
        <div className="comment-identity">
          <div className="comment-field">
            <label htmlFor={`${id}-name`}>Namn</label>
            <input
              className="control"
              id={`${id}-name`}
              name="name"
              autoComplete="name"
              maxLength={COMMENT_NAME_MAX}
              value={name}
              readOnly={user !== null}
              onChange={(e) => {
                const name = e.target.value;
                onIdentity((was) => ({ ...was, name }));
              }}
              {...invalid('name')}
            />
          </div>
          {(user === null || email !== '') && (
            <div className="comment-field">
              <label htmlFor={`${id}-email`}>E-post</label>
              <input
                className="control"
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="email"
                maxLength={EMAIL_MAX}
                value={email}
                readOnly={user !== null}
                onChange={(e) => {
                  const email = e.target.value;
                  onIdentity((was) => ({ ...was, email }));
                }}
                {...invalid('email')}
              />
            </div>
          )}
          <p className="comment-hint">
            {user ? `Du kommenterar som ${user.username}.` : 'Din e-postadress visas inte för andra läsare.'}
          </p>
        </div>
      )}
      <div className="comment-field">
        <label htmlFor={`${id}-content`}>{isReply ? 'Ditt svar' : 'Kommentar'}</label>
        <textarea
          className="control"
          id={`${id}-content`}
          ref={textRef}
          name="content"
          rows={isReply ? 3 : 4}
          maxLength={COMMENT_MAX}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          {...invalid('content')}
        />
      </div>
      {error && (
        <p id={errorId} className="comment-error" role="alert" lang={langOf(error.msg)}>
          {error.msg}
        </p>
      )}
      {error?.msg === AUTH_MSG.emailNotVerified && user && (
        <p className="comment-verify">
          <button type="button" className="button button-secondary" onClick={resend} disabled={resending}>
            {resending ? 'Skickar...' : 'Skicka bekräftelsemejlet igen'}
          </button>{' '}
          {resent && <span role="status">{resent}</span>}
        </p>
      )}
      <div className="comment-form-buttons">
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Skickar...' : isReply ? 'Skicka svar' : 'Skicka kommentar'}
        </button>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={sending}>
            Avbryt
          </button>
        )}
      </div>
    </form>
  );
}
