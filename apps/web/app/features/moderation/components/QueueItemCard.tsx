import { categoryLabel } from '@vaggen/contract';
import { Link } from 'react-router';
import { formatArticleDate } from '../../../lib/format';
import { articlePath } from '../../articles';
import type { QueueItem, QueueTab } from '../api';
import { reasonText, reportReasonLabel } from '../texts';

/**
 * One comment in the queue: who wrote it (with their history), where (the article, and the
 * comment it answers), why it is here, and the actions. The item itself takes the focus for the
 * j/k cursor; its checkbox and buttons are ordinary tab stops.
 */
export function QueueItemCard({
  item,
  tab,
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
  const headId = `mod-item-${item.id}`;
  const classes = ['mod-item', current ? 'is-current' : '', selected ? 'is-selected' : ''].filter(Boolean).join(' ');
  return (
    <li
      ref={itemRef}
      className={classes}
      tabIndex={-1}
      aria-current={current ? 'true' : undefined}
      onFocus={onFocusItem}
    >
      <div className="mod-item-select">
        <input
          type="checkbox"
          id={`${headId}-check`}
          checked={selected}
          onChange={onToggle}
          aria-label={`Markera kommentaren från ${c.name}`}
        />
      </div>
      <div className="mod-item-main">
        <header className="mod-item-head" id={headId}>
          <span className="mod-author">{c.name}</span>
          {c.email && <span className="mod-email">{c.email}</span>}
          <time className="mod-time" dateTime={c.createdAt}>
            {formatArticleDate(c.createdAt)}
          </time>
        </header>
        <p className="mod-history">
          Tidigare: {item.history.approved} godkända · {item.history.rejected} avvisade
        </p>
        <p className="mod-content">{c.content}</p>
        {item.parent && (
          <blockquote className="mod-parent">
            <p className="mod-parent-label">Svar på {item.parent.name}:</p>
            <p className="mod-parent-text">{item.parent.content}</p>
          </blockquote>
        )}
        <p className="mod-article">
          På{' '}
          <Link to={`${articlePath(item.article)}#comment-${c.id}`} className="mod-article-link">
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
          <h3 className="mod-reasons-title">{tab === 'rejected' ? 'Avvisad' : 'Varför den är här'}</h3>
          <ul>
            {item.reasons.map((r) => (
              <li key={`${r.code}-${r.detail ?? ''}`}>{reasonText(r)}</li>
            ))}
            {item.reports.map((r) => (
              <li key={`report-${r.id}`} className="mod-report">
                Anmäld: {reportReasonLabel(r.reason)}
                {r.note && <span className="mod-report-note"> – ”{r.note}”</span>}
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
            <button type="button" className="button button-secondary button-small" disabled={disabled} onClick={onReject}>
              Avvisa<span className="visually-hidden"> kommentaren från {c.name}</span>
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
