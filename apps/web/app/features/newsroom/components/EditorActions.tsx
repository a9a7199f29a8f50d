import { type ArticleStatus, NEWSROOM_TEXT, REVIEW_TEXT } from '@vaggen/contract';
import { Link } from 'react-router';
import type { SaveAction } from '../workflow';

/**
 * The editor's buttons (issue 41): saving is the primary action ("Spara utkast" on a new article,
 * "Spara ändringar" keeping a saved article's status); publishing is
 * a secondary button that asks first (`onPublish` opens the confirmation). A scheduled article has
 * one primary action (save, keeping its time). A writer who must send for review gets "Skicka för
 * granskning" instead of publish and schedule.
 */
export function EditorActions({
  status,
  sending,
  mustReview,
  onSave,
  onPublish,
}: {
  status: ArticleStatus | null;
  sending: boolean;
  mustReview: boolean;
  onSave(action: SaveAction): void;
  onPublish(): void;
}) {
  const draftLike = status === null || status === 'draft';
  // a new article is saved as a draft; a saved one keeps its status ("Spara ändringar")
  const primaryLabel = status === null ? NEWSROOM_TEXT.saveDraft : 'Spara ändringar';
  const secondary = 'button button-secondary';
  return (
    <div className="article-form-actions">
      {/* the form's submit: Enter in a field saves, never publishes */}
      <button type="submit" className="button" disabled={sending}>
        {sending ? 'Sparar...' : primaryLabel}
      </button>
      {mustReview
        ? status !== 'review' &&
          status !== 'published' && (
            <button type="button" className={secondary} disabled={sending} onClick={() => onSave('review')}>
              {REVIEW_TEXT.sendForReview}
            </button>
          )
        : status !== 'published' && (
            <button type="button" className={secondary} disabled={sending} onClick={onPublish}>
              {status === null ? 'Publicera artikel' : NEWSROOM_TEXT.publish}
            </button>
          )}
      {!mustReview && status !== 'scheduled' && (
        <button type="button" className={secondary} disabled={sending} onClick={() => onSave('scheduled')}>
          {NEWSROOM_TEXT.schedule}
        </button>
      )}
      {status !== null && !draftLike && status !== 'published' && (
        <button type="button" className={secondary} disabled={sending} onClick={() => onSave('draft')}>
          {NEWSROOM_TEXT.saveDraft}
        </button>
      )}
      {status === 'published' && (
        <button type="button" className="button button-danger" disabled={sending} onClick={() => onSave('unpublished')}>
          {NEWSROOM_TEXT.unpublish}
        </button>
      )}
      <Link className={secondary} to="/admin">
        Tillbaka till redaktionen
      </Link>
    </div>
  );
}
