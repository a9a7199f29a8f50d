import {
  isAdmin,
  NOTIFICATION_PAGE_LIMIT,
  NOTIFICATIONS_MSG,
  type Notification,
  ROLE_REQUESTS_MSG,
  type User,
} from '@vaggen/contract';
import { useId, useMemo, useRef, useState } from 'react';
import { DataState } from '../../../components/DataState';
import { FormError } from '../../../components/FormField';
import { RelativeTime } from '../../../components/RelativeTime';
import { ApiError } from '../../../lib/api';
import { NotificationsQueryProvider } from '../../../lib/queryClient';
import {
  unreadText,
  useListsFollowCount,
  useMarkAllRead,
  useMarkRead,
  useNotificationList,
  useNow,
  useUnreadCount,
} from '../hooks';
import { useDecideRequest } from '../requestHooks';
import { isPendingRequest } from '../requests';
import { NotificationLink } from './NotificationLink';
import { RejectDialog } from './RejectDialog';
import { TYPE_LABEL, TypeIcon, UnreadDot } from './TypeIcon';

type Tab = 'all' | 'unread';
const TABS: { value: Tab; label: string }[] = [
  { value: 'all', label: 'Alla' },
  { value: 'unread', label: 'Olästa' },
];

const STATUS_LABEL = { pending: 'Väntar på beslut', approved: 'Godkänd', rejected: 'Avslagen' } as const;

export function actionError(err: unknown): string {
  return (err instanceof ApiError && err.serverMsg) || 'Något gick fel. Försök igen.';
}

function matches(n: Notification, q: string): boolean {
  if (!q) return true;
  const who = typeof n.data?.requester_username === 'string' ? n.data.requester_username : '';
  return [n.title, n.message, who].some((s) => s.toLocaleLowerCase('sv-SE').includes(q));
}

/** Extra content under a request notification: who asked, the status, the reason, and the admin's actions. */
function RequestExtra({
  n,
  canDecide,
  busy,
  error,
  onApprove,
  onReject,
}: {
  n: Notification;
  canDecide: boolean;
  busy: boolean;
  error: string | null;
  onApprove: () => void;
  onReject: () => void;
}) {
  const status = n.data?.status;
  const who = typeof n.data?.requester_username === 'string' ? n.data.requester_username : null;
  const reason = typeof n.data?.reason === 'string' ? n.data.reason : null;
  const isRequest = n.type === 'admin_request' || n.type === 'writer_request';
  if (!isRequest && !(status === 'rejected' && reason && reason !== n.message)) return null;
  return (
    <div className="notif-extra">
      {isRequest && (
        <p className="notif-request-meta">
          {who && (
            <span>
              Från <strong>{who}</strong>
            </span>
          )}
          {status && <span className={`status-chip status-${status}`}>{STATUS_LABEL[status]}</span>}
        </p>
      )}
      {status === 'rejected' && reason && <p className="notif-reason">Anledning: {reason}</p>}
      {canDecide && isPendingRequest(n) && (
        <div className="notif-actions">
          <button type="button" className="button button-small" disabled={busy} onClick={onApprove}>
            {busy ? 'Skickar...' : 'Godkänn'}
          </button>
          <button type="button" className="button button-small button-secondary" disabled={busy} onClick={onReject}>
            Avslå
          </button>
        </div>
      )}
      <FormError msg={error} />
    </div>
  );
}

function Page({ user }: { user: User }) {
  const userId = user.id;
  const admin = isAdmin(user);
  const [tab, setTab] = useState<Tab>('all');
  const [query, setQuery] = useState('');
  const count = useUnreadCount(userId);
  useListsFollowCount(userId, count);
  const list = useNotificationList(userId, { unread: tab === 'unread', limit: NOTIFICATION_PAGE_LIMIT });
  const markAll = useMarkAllRead(userId);
  const markRead = useMarkRead(userId);
  const decide = useDecideRequest(userId);
  const now = useNow();
  const [rejecting, setRejecting] = useState<Notification | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const [itemError, setItemError] = useState<{ id: number; msg: string } | null>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ all: null, unread: null });
  const panelId = useId();
  const searchId = useId();

  const q = query.trim().toLocaleLowerCase('sv-SE');
  const shown = useMemo(() => (list.data ?? []).filter((n) => matches(n, q)), [list.data, q]);

  function onTabKey(e: React.KeyboardEvent) {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next: Tab = e.key === 'Home' ? 'all' : e.key === 'End' ? 'unread' : tab === 'all' ? 'unread' : 'all';
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  function approve(n: Notification) {
    setItemError(null);
    decide.mutate(
      { notification: n, approve: true },
      { onError: (err) => setItemError({ id: n.id, msg: actionError(err) }) },
    );
  }

  function reject(reason: string) {
    const n = rejecting;
    if (!n) return;
    setRejectError(null);
    decide.mutate(
      { notification: n, approve: false, reason },
      { onSuccess: () => setRejecting(null), onError: (err) => setRejectError(actionError(err)) },
    );
  }

  const busyId = decide.isPending ? decide.variables?.notification.id : undefined;

  return (
    <div className="notifications-page">
      <header className="notifications-head">
        <div>
          <h1 className="page-title">Notifikationer</h1>
          <p className="muted" role="status">
            {unreadText(count)}
          </p>
        </div>
        <button
          type="button"
          className="button button-secondary"
          disabled={count === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {markAll.isPending ? 'Sparar...' : 'Markera alla som lästa'}
        </button>
      </header>

      <div className="notifications-toolbar">
        <div className="notif-tabs" role="tablist" aria-label="Visa">
          {TABS.map((t) => (
            <button
              key={t.value}
              ref={(el) => {
                tabRefs.current[t.value] = el;
              }}
              type="button"
              role="tab"
              id={`${panelId}-${t.value}`}
              aria-selected={tab === t.value}
              aria-controls={panelId}
              tabIndex={tab === t.value ? 0 : -1}
              className="notif-tab"
              onClick={() => setTab(t.value)}
              onKeyDown={onTabKey}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div className="notif-search">
          <label htmlFor={searchId} className="visually-hidden">
            Sök bland notifikationer
          </label>
          <input
            className="control"
            id={searchId}
            type="search"
            placeholder="Sök bland notifikationer…"
            value={query}
            maxLength={200}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      </div>

      <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-${tab}`} aria-busy={list.isFetching}>
        {q && (
          <p className="visually-hidden" role="status">
            {shown.length === 1 ? '1 träff' : `${shown.length} träffar`}
          </p>
        )}
        <DataState
          status={list.isPending ? 'loading' : 'ready'}
          className="notif-state"
          loading="Laddar notifikationer..."
          isEmpty={shown.length === 0}
          empty={NOTIFICATIONS_MSG.noNotifications}
          emptyClassName="notif-empty"
        >
          {() => (
            <ul className="notif-cards plain-list">
              {shown.map((n) => (
                <li key={n.id} className={`notif-card surface ${n.read ? 'is-read' : 'is-unread'}`} data-id={n.id}>
                  <NotificationLink
                    notification={n}
                    className="notif-card-main"
                    onActivate={() => {
                      if (!n.read) markRead.mutate(n);
                    }}
                  >
                    <TypeIcon type={n.type} />
                    <span className="notif-card-text">
                      <span className="notif-card-top">
                        <span className="notif-card-title">
                          <span className="visually-hidden">{TYPE_LABEL[n.type]}: </span>
                          {n.title}
                        </span>
                        <RelativeTime className="notif-time" iso={n.created_at} now={now} />
                      </span>
                      <span className="notif-card-message">{n.message}</span>
                    </span>
                    {!n.read && <UnreadDot />}
                  </NotificationLink>
                  <RequestExtra
                    n={n}
                    canDecide={admin}
                    busy={busyId === n.id}
                    error={itemError?.id === n.id ? itemError.msg : null}
                    onApprove={() => approve(n)}
                    onReject={() => {
                      setRejectError(null);
                      setRejecting(n);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </DataState>
      </div>

      <RejectDialog
        open={rejecting !== null}
        subject={rejecting ? rejecting.title : undefined}
        defaultReason={ROLE_REQUESTS_MSG.rejectDefaultNotifications}
        pending={decide.isPending && busyId === rejecting?.id}
        error={rejectError}
        onSubmit={reject}
        onCancel={() => setRejecting(null)}
      />
    </div>
  );
}

/** Spec 000 §2 / 001 §2 notifications page (login required). */
export function NotificationsPage({ user }: { user: User }) {
  return (
    <NotificationsQueryProvider>
      <Page user={user} />
    </NotificationsQueryProvider>
  );
}
