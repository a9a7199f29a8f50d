import {
  categoryLabel,
  MSG,
  type QueueItem,
  type QueueTab,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
} from '@vaggen/contract';
import { Link } from 'react-router';
import { formatArticleDate } from '../../../lib/format';
import { articlePath } from '../../../lib/paths';
import { reasonText } from '../texts';
import { MODERATION_PATHS } from './ModerationNav';

/** "Stäng av" from an item: the bans page with the commenter filled in (admins). */
export function banPath(c: QueueItem['commenter']): string | null {
  const p = new URLSearchParams();
  if (c.user_id !== null) p.set('konto', String(c.user_id));
  else if (c.email) p.set('epost', c.email);
  else return null;
  p.set('namn', c.name);
  return `${MODERATION_PATHS.bans}?${p}`;
}

/** "3 anmälningar: Spam 2, Hat eller hot 1". */
export function reportsText(r: QueueItem['reports']): string {
  const parts = REPORT_REASONS.filter((k) => (r.by_reason[k] ?? 0) > 0).map(
    (k) => `${REPORT_REASON_LABELS[k]} ${r.by_reason[k]}`,
  );
  const head = r.open === 1 ? '1 anmälan' : `${r.open} anmälningar`;
  return parts.length ? `${head}: ${parts.join(', ')}` : head;
}

/**
 * One comment in the queue: who wrote it (with their history), where (the article, and the
 * comment it answers), why it is here, and the actions. The item itself takes the focus for the
 * j/k cursor; its checkbox and buttons are ordinary tab stops.
 */
export function QueueItemCard({
  item,
  tab,
  admin,
  current,
  selected,
  busy,
  disabled,
  itemRef,
  onFocusItem,
  onToggle,
  onApprove,
  onReject,
  onFilterArticle,
}: {
  item: QueueItem;
  tab: QueueTab;
  admin: boolean;
  current: boolean;
  selected: boolean;
  busy: boolean;
  disabled: boolean;
  itemRef: (el: HTMLElement | null) => void;
  onFocusItem: () => void;
  onToggle: () => void;
  onApprove: () => void;
  onReject?: () => void;
  onFilterArticle?: () => void;
}) {
  const c = item.comment;
  const who = item.commenter;
  const classes = ['mod-item', current ? 'is-current' : '', selected ? 'is-selected' : ''].filter(Boolean).join(' ');
  const ban = admin ? banPath(who) : null;
  return (
    <li
      ref={itemRef}
      className={classes}
      tabIndex={-1}
      aria-current={current ? 'true' : undefined}
      data-comment-id={c.id}
      onFocus={onFocusItem}
    >
      <div className="mod-item-select">
        <input
          type="checkbox"
          checked={selected}
          onChange={onToggle}
          aria-label={`Markera kommentaren från ${c.name}`}
        />
      </div>
      <div className="mod-item-main">
        <div className="mod-item-head">
          <span className="mod-author">{c.name}</span>
          {who.user_id === null && <span className="mod-tag">Utan konto</span>}
          {who.banned && <span className="mod-tag mod-tag-warn">Avstängd</span>}
          {who.premoderated && <span className="mod-tag">Granskas alltid</span>}
          {who.email && <span className="mod-email">{who.email}</span>}
          <time className="mod-time" dateTime={c.createdAt}>
            {formatArticleDate(c.createdAt)}
          </time>
        </div>
        <p className="mod-history">
          Tidigare: {who.approved} godkända · {who.rejected} avvisade
        </p>
        <p className="mod-content">{c.content}</p>
        {item.parent && (
          <div className="mod-parent">
            <p className="mod-parent-label">
              Svar på {item.parent.isDeleted ? 'en borttagen kommentar' : item.parent.name}:
            </p>
            <p className="mod-parent-text">{item.parent.isDeleted ? MSG.commentDeleted : item.parent.content}</p>
          </div>
        )}
        <p className="mod-article">
          På{' '}
          <Link to={articlePath(item.article)} className="mod-article-link">
            {item.article.title}
          </Link>{' '}
          <span className="mod-category">({categoryLabel(item.article.category)})</span>
          {onFilterArticle && (
            <>
              {' '}
              <button type="button" className="link-button mod-filter-article" onClick={onFilterArticle}>
                Bara den här artikeln
              </button>
            </>
          )}
        </p>
        <div className="mod-reasons">
          <p className="mod-reasons-title">{tab === 'rejected' ? 'Avvisad' : 'Därför är den här'}</p>
          <ul>
            {item.reasons.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: reasons have no id and never reorder
              <li key={`${r.code}-${i}`}>{reasonText(r)}</li>
            ))}
            {item.reports.open > 0 && <li className="mod-report">{reportsText(item.reports)}</li>}
            {item.reports.notes.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes have no id and never reorder
              <li key={`note-${i}`} className="mod-report mod-report-note">
                {REPORT_REASON_LABELS[n.reason]}: ”{n.note}”
              </li>
            ))}
          </ul>
        </div>
        <div className="mod-actions">
          <button type="button" className="button button-small" disabled={disabled} onClick={onApprove}>
            {busy ? 'Godkänner...' : 'Godkänn'}
            <span className="visually-hidden"> kommentaren från {c.name}</span>
          </button>
          {onReject && (
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={disabled}
              onClick={onReject}
            >
              Avvisa<span className="visually-hidden"> kommentaren från {c.name}</span>
            </button>
          )}
          {ban && (
            <Link className="button button-secondary button-small" to={ban}>
              Stäng av<span className="visually-hidden"> {c.name}</span>
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}
