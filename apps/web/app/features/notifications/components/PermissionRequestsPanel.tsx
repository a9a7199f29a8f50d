import {
  ADMIN_PANEL_REFETCH_MS,
  isAdmin,
  NOTIFICATION_ADMIN_PANEL_LIMIT,
  type Notification,
  ROLE_REQUESTS_MSG,
  type User,
} from '@vaggen/contract';
import { useId, useState } from 'react';
import { DataState } from '../../../components/DataState';
import { FormError } from '../../../components/FormField';
import { RelativeTime } from '../../../components/RelativeTime';
import { ApiError } from '../../../lib/api';
import { NotificationsQueryProvider } from '../../../lib/queryClient';
import { useNotificationList, useNow } from '../hooks';
import { useDecideRequest } from '../requestHooks';
import { isPendingRequest, requestKindOf } from '../requests';
import { RejectDialog } from './RejectDialog';

const KIND_LABEL = { admin: 'Administratör', writer: 'Skribent' } as const;

const errorText = (err: unknown) => (err instanceof ApiError && err.serverMsg) || 'Något gick fel. Försök igen.';

function Panel({ userId }: { userId: number }) {
  const list = useNotificationList(userId, {
    limit: NOTIFICATION_ADMIN_PANEL_LIMIT,
    refetchInterval: ADMIN_PANEL_REFETCH_MS,
  });
  const decide = useDecideRequest(userId);
  const now = useNow();
  const [rejecting, setRejecting] = useState<Notification | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const pending = (list.data ?? []).filter(isPendingRequest);
  const busyId = decide.isPending ? decide.variables?.notification.id : undefined;

  return (
    <section className="permission-panel surface" aria-labelledby={headingId}>
      <h2 id={headingId}>
        Behörighetsförfrågningar
        {pending.length > 0 && <span className="permission-count">{pending.length}</span>}
      </h2>
      <FormError msg={error} />
      <DataState
        status={list.isPending ? 'loading' : 'ready'}
        className="muted"
        loading="Laddar förfrågningar..."
        isEmpty={pending.length === 0}
        empty="Inga väntande förfrågningar."
        emptyClassName="muted"
      >
        {() => (
          <ul className="permission-list">
            {pending.map((n) => {
              const kind = requestKindOf(n);
              const who = typeof n.data.requester_username === 'string' ? n.data.requester_username : null;
              return (
                <li key={n.id} className="permission-item">
                  <div className="permission-text">
                    <p className="permission-title">
                      {kind && <span className={`kind-chip kind-${kind}`}>{KIND_LABEL[kind]}</span>}
                      <strong>{n.title}</strong>
                    </p>
                    <p className="permission-message">{n.message}</p>
                    <p className="permission-meta">
                      {who && <span>{who} · </span>}
                      <RelativeTime iso={n.created_at} now={now} />
                    </p>
                  </div>
                  <div className="permission-actions">
                    <button
                      type="button"
                      className="button button-small"
                      disabled={busyId === n.id}
                      aria-label={`Godkänn: ${n.title}`}
                      onClick={() => {
                        setError(null);
                        decide.mutate(
                          { notification: n, approve: true },
                          { onError: (err) => setError(errorText(err)) },
                        );
                      }}
                    >
                      Godkänn
                    </button>
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      disabled={busyId === n.id}
                      aria-label={`Avslå: ${n.title}`}
                      onClick={() => {
                        setError(null);
                        setRejectError(null);
                        setRejecting(n);
                      }}
                    >
                      Avslå
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </DataState>
      <RejectDialog
        open={rejecting !== null}
        subject={rejecting?.title}
        defaultReason={ROLE_REQUESTS_MSG.rejectDefaultAdminPanel}
        pending={decide.isPending && busyId === rejecting?.id}
        error={rejectError}
        onSubmit={(reason) => {
          const n = rejecting;
          if (!n) return;
          setRejectError(null);
          decide.mutate(
            { notification: n, approve: false, reason },
            { onSuccess: () => setRejecting(null), onError: (err) => setRejectError(errorText(err)) },
          );
        }}
        onCancel={() => setRejecting(null)}
      />
    </section>
  );
}

/**
 * Spec 000 §2 admin dashboard panel: pending writer and admin requests among the latest 20
 * notifications, refetched every 60 s. A handled request disappears at once. Admins only.
 */
export function PermissionRequestsPanel({ user }: { user: User }) {
  if (!isAdmin(user)) return null;
  return (
    <NotificationsQueryProvider>
      <Panel userId={user.id} />
    </NotificationsQueryProvider>
  );
}
