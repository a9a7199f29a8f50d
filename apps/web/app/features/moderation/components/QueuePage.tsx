import {
  isAdmin,
  MODERATION_REASON_MAX,
  parseCategory,
  QUEUE_TAB_LABELS,
  QUEUE_TABS,
  type QueueCount,
  type QueueItem,
  type QueueOrder,
  type QueueTab,
  type User,
} from '@vaggen/contract';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CategoryOptions } from '../../../components/CategoryOptions';
import { DataState } from '../../../components/DataState';
import { FormError } from '../../../components/FormField';
import { LoadMore } from '../../../components/LoadMore';
import { ApiError } from '../../../lib/api';
import { useCursorList } from '../../../lib/cursor-list';
import { moderationApi } from '../api';
import { useQueueShortcuts } from '../hooks/useQueueShortcuts';
import { notifyQueueChanged } from '../queueEvents';
import {
  allState,
  cursorAfterRemoval,
  EMPTY_SELECTION,
  keepShown,
  type Selection,
  toggle,
  toggleAll,
  without,
} from '../selection';
import { moveCursor, shortcutHelp } from '../shortcuts';
import { actionErrorText, EMPTY_TEXT, REJECT_PRESETS } from '../texts';
import { ModerationHeader } from './ModerationNav';
import { QueueItemCard } from './QueueItemCard';
import { QueueTabs } from './QueueTabs';
import { RejectCommentsDialog } from './RejectCommentsDialog';

const ORDER_PARAM: Record<string, QueueOrder> = { nyast: 'newest', aldst: 'oldest' };
/** The tabs in the address: ?flik=anmalda. */
const TAB_PARAM: Record<QueueTab, string> = { pending: 'vantande', reported: 'anmalda', rejected: 'avvisade' };
const TABS = QUEUE_TABS.map((value) => ({ value, label: QUEUE_TAB_LABELS[value] }));
const idOf = (i: QueueItem) => i.comment.id;

/** One approve or reject on its way, and what it is about (for the dialog and the busy buttons). */
type Pending = { kind: 'approve' | 'reject'; ids: number[] } | null;

/**
 * The moderation queue of issue 16 (`/admin/moderation`): tabs Väntande, Anmälda, Avvisade;
 * filters by category and article (in the address, so a view can be shared), newest or oldest
 * first; each item with its article, parent comment, the commenter's history and why it is here;
 * approve, reject with a reason, bulk actions on a selection; j/k/a/r/x shortcuts; "Visa fler"
 * by cursor. Writers get only comments on their own articles (the server filters).
 */
export function QueuePage({ user }: { user: User }) {
  const [params, setParams] = useSearchParams();
  const tab: QueueTab = QUEUE_TABS.find((t) => TAB_PARAM[t] === params.get('flik')) ?? 'pending';
  const category = parseCategory(params.get('kategori'));
  const articleId = Number(params.get('artikel')) || null;
  const order: QueueOrder = ORDER_PARAM[params.get('ordning') ?? ''] ?? 'oldest';
  const key = `${tab}|${category ?? ''}|${articleId ?? ''}|${order}`;

  const fetchPage = useCallback(
    (cursor: string | null) => moderationApi.queue({ tab, category, articleId, order }, cursor),
    [tab, category, articleId, order],
  );
  const list = useCursorList<QueueItem>(key, fetchPage, idOf);
  const ids = useMemo(() => list.items.map(idOf), [list.items]);

  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [cursor, setCursor] = useState(-1);
  const [pending, setPending] = useState<Pending>(null);
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [counts, setCounts] = useState<QueueCount | undefined>(undefined);
  const itemRefs = useRef(new Map<number, HTMLElement>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfter = useRef<number | 'list' | null>(null);
  const id = useId();
  const panelId = `${id}-panel`;
  const helpId = `${id}-help`;
  const articleTitle = articleId ? list.items.find((i) => i.article.id === articleId)?.article.title : undefined;

  // A new tab, filter or order: nothing selected, no cursor.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the query changes
  useEffect(() => {
    setSelection(EMPTY_SELECTION);
    setCursor(-1);
    setActionError(null);
  }, [key]);
  // Only what is shown can stay selected.
  useEffect(() => setSelection((s) => keepShown(s, ids)), [ids]);

  const refreshCounts = useCallback(() => {
    moderationApi
      .counts()
      .then(setCounts)
      .catch((err) => console.error('loading the queue counts failed', err));
  }, []);
  useEffect(refreshCounts, [refreshCounts]);

  // Move the focus once the list has what it should point at.
  useEffect(() => {
    const f = focusAfter.current;
    if (f === null || list.status !== 'ready') return;
    focusAfter.current = null;
    const el = f === 'list' ? headingRef.current : itemRefs.current.get(f);
    el?.scrollIntoView({ block: 'nearest' });
    el?.focus({ preventScroll: true });
  });

  const go = (next: { flik?: string; kategori?: string | null; artikel?: number | null; ordning?: string }) => {
    const p = new URLSearchParams(params);
    const set = (name: string, value: string | null | undefined) => {
      if (value === undefined) return;
      if (value === null || value === '') p.delete(name);
      else p.set(name, value);
    };
    set('flik', next.flik);
    set('kategori', next.kategori === null ? null : next.kategori?.toLocaleLowerCase('sv-SE'));
    set('artikel', next.artikel === null ? null : next.artikel === undefined ? undefined : String(next.artikel));
    set('ordning', next.ordning);
    setParams(p, { preventScrollReset: true });
  };

  function focusItem(index: number) {
    setCursor(index);
    const itemId = ids[index];
    if (itemId === undefined) return;
    const el = itemRefs.current.get(itemId);
    el?.scrollIntoView({ block: 'nearest' });
    el?.focus({ preventScroll: true });
  }

  /** After handled items left: the cursor (and focus) on the next one, the counts and badge anew. */
  function afterHandled(handled: number[], message: string) {
    const gone = new Set(handled);
    const nextCursor = cursorAfterRemoval(ids, gone, cursor);
    const remaining = ids.filter((i) => !gone.has(i));
    list.removeLocal(handled);
    setSelection((s) => without(s, handled));
    setCursor(nextCursor);
    focusAfter.current = remaining[nextCursor] ?? 'list';
    setAnnounce(message);
    refreshCounts();
    notifyQueueChanged();
    // the list ran dry but more waits on the server: fetch it
    if (remaining.length === 0 && list.hasMore) list.reload();
  }

  /**
   * One comment through its own endpoint (its refusal says why), several through the bulk one
   * (those it skips, e.g. already handled by someone else, are named after the count).
   */
  async function act(kind: 'approve' | 'reject', targets: number[], reason: string | null): Promise<boolean> {
    setPending({ kind, ids: targets });
    setActionError(null);
    setRejectError(null);
    const verb = kind === 'approve' ? 'godkändes' : 'avvisades';
    try {
      let done: number[];
      let skipped: { id: number; msg: string }[] = [];
      if (targets.length === 1) {
        const only = targets[0] as number;
        if (kind === 'approve') await moderationApi.approve(only);
        else await moderationApi.reject(only, reason);
        done = [only];
      } else {
        const res = await moderationApi.bulk(kind, targets, reason);
        done = res.done;
        skipped = res.skipped;
      }
      const message = done.length === 1 ? `Kommentaren ${verb}.` : `${done.length} kommentarer ${verb}.`;
      afterHandled(done, message);
      if (skipped.length > 0) {
        const first = skipped[0]?.msg ?? '';
        setActionError(
          `${skipped.length === 1 ? '1 kommentar' : `${skipped.length} kommentarer`} kunde inte hanteras: ${first}`,
        );
      }
      return true;
    } catch (err) {
      console.error(`${kind} failed`, err);
      const msg = actionErrorText(err);
      // gone from the queue already (another moderator was quicker): it leaves this list too
      if (targets.length === 1 && err instanceof ApiError && (err.status === 404 || err.status === 409)) {
        afterHandled(targets, msg);
        setActionError(msg);
        return true;
      }
      if (kind === 'reject') setRejectError(msg);
      else setActionError(msg);
      return false;
    } finally {
      setPending(null);
    }
  }

  const approve = (targets: number[]) => {
    if (pending || targets.length === 0) return;
    void act('approve', targets, null);
  };
  async function reject(targets: number[], reason: string) {
    if (pending) return;
    if (await act('reject', targets, reason)) setRejecting(null);
  }

  const openReject = (targets: number[]) => {
    if (targets.length === 0 || pending) return;
    setRejectError(null);
    setRejecting(targets);
  };

  const current = cursor >= 0 ? list.items[cursor] : undefined;
  const canReject = tab !== 'rejected';
  useQueueShortcuts(
    {
      next: () => focusItem(moveCursor(cursor, 'next', ids.length)),
      prev: () => focusItem(moveCursor(cursor, 'prev', ids.length)),
      approve: () => current && approve([idOf(current)]),
      reject: () => current && canReject && openReject([idOf(current)]),
      select: () => current && setSelection((s) => toggle(s, idOf(current))),
    },
    list.status === 'ready' && rejecting === null,
  );

  const selected = ids.filter((i) => selection.has(i));
  const all = allState(selection, ids);
  const busy = (itemId: number) => !!pending?.ids.includes(itemId);
  const rejectSubject =
    rejecting?.length === 1 ? list.items.find((i) => idOf(i) === rejecting[0])?.comment.name : undefined;

  return (
    <div className="mod-page">
      <ModerationHeader user={user} title="Moderering" />
      <p className="mod-intro">
        {isAdmin(user)
          ? 'Kommentarer som väntar på granskning, har anmälts av läsare eller har avvisats.'
          : 'Kommentarer på dina egna artiklar som väntar på granskning, har anmälts eller har avvisats.'}
      </p>
      <p id={helpId} className="mod-help">
        <span className="mod-help-label">Kortkommandon:</span> {shortcutHelp()}
      </p>

      <QueueTabs
        tabs={TABS}
        current={tab}
        counts={counts}
        panelId={panelId}
        idPrefix={`${id}-tab`}
        onChange={(t) => go({ flik: TAB_PARAM[t] })}
      />

      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${tab}`}
        aria-describedby={helpId}
        className="mod-panel"
      >
        <div className="mod-filters">
          <div className="field">
            <label htmlFor={`${id}-category`}>Kategori</label>
            <select
              className="control"
              id={`${id}-category`}
              value={category ?? ''}
              onChange={(e) => go({ kategori: e.target.value || null })}
            >
              <CategoryOptions empty="Alla kategorier" />
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-order`}>Ordning</label>
            <select
              className="control"
              id={`${id}-order`}
              value={order === 'oldest' ? 'aldst' : 'nyast'}
              onChange={(e) => go({ ordning: e.target.value })}
            >
              <option value="nyast">Nyaste först</option>
              <option value="aldst">Äldsta först</option>
            </select>
          </div>
          {articleId && (
            <p className="mod-article-filter">
              <span>
                Artikel: <strong>{articleTitle ?? `nr ${articleId}`}</strong>
              </span>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => go({ artikel: null })}
              >
                Visa alla artiklar
              </button>
            </p>
          )}
        </div>

        <h2 ref={headingRef} tabIndex={-1} className="visually-hidden">
          {QUEUE_TAB_LABELS[tab]}
        </h2>
        <p className="visually-hidden" role="status">
          {announce}
        </p>
        <FormError msg={actionError} />

        <DataState
          status={list.status}
          className="mod-state"
          loading={'Laddar...'}
          error={'Det gick inte att hämta granskningskön.'}
          onRetry={list.reload}
          isEmpty={list.items.length === 0}
          empty={EMPTY_TEXT[tab]}
          emptyClassName="mod-state mod-empty"
        >
          {() => (
            <>
              <fieldset className="mod-bulk">
                <legend className="visually-hidden">Markerade kommentarer</legend>
                <label className="mod-check">
                  <input
                    type="checkbox"
                    checked={all === 'all'}
                    ref={(el) => {
                      if (el) el.indeterminate = all === 'some';
                    }}
                    onChange={() => setSelection((s) => toggleAll(s, ids))}
                  />
                  Markera alla
                </label>
                <span className="mod-selected" aria-live="polite">
                  {selected.length > 0 ? `${selected.length} markerade` : ''}
                </span>
                <button
                  type="button"
                  className="button button-small"
                  disabled={selected.length === 0 || pending !== null}
                  onClick={() => approve(selected)}
                >
                  {pending?.kind === 'approve' && pending.ids.length > 1 ? 'Godkänner...' : 'Godkänn markerade'}
                </button>
                {canReject && (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    disabled={selected.length === 0 || pending !== null}
                    onClick={() => openReject(selected)}
                  >
                    Avvisa markerade
                  </button>
                )}
              </fieldset>
              <ol className="mod-list plain-list">
                {list.items.map((item, index) => {
                  const itemId = idOf(item);
                  return (
                    <QueueItemCard
                      key={itemId}
                      item={item}
                      tab={tab}
                      admin={isAdmin(user)}
                      current={index === cursor}
                      selected={selection.has(itemId)}
                      busy={busy(itemId)}
                      disabled={pending !== null}
                      itemRef={(el) => {
                        if (el) itemRefs.current.set(itemId, el);
                        else itemRefs.current.delete(itemId);
                      }}
                      onFocusItem={() => setCursor(index)}
                      onToggle={() => setSelection((s) => toggle(s, itemId))}
                      onApprove={() => approve([itemId])}
                      onReject={canReject ? () => openReject([itemId]) : undefined}
                      onFilterArticle={
                        articleId === item.article.id ? undefined : () => go({ artikel: item.article.id })
                      }
                    />
                  );
                })}
              </ol>
              <LoadMore list={list} failText="Det gick inte att hämta fler kommentarer." />
            </>
          )}
        </DataState>
      </div>

      <RejectCommentsDialog
        open={rejecting !== null}
        count={rejecting?.length ?? 1}
        subject={rejectSubject ? `Kommentaren från ${rejectSubject}` : undefined}
        reasonMax={MODERATION_REASON_MAX}
        presets={REJECT_PRESETS}
        pending={pending?.kind === 'reject'}
        error={rejectError}
        onSubmit={(reason) => rejecting && void reject(rejecting, reason)}
        onCancel={() => setRejecting(null)}
      />
    </div>
  );
}
