import '../notifications.css';
import { NOTIFICATION_DROPDOWN_LIMIT, type User } from '@vaggen/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { badgeLabel, unreadText, useMarkAllRead, useNotificationList, useUnreadCount } from '../hooks';
import { NotificationsQueryProvider } from '../queryClient';
import { CompactList } from './CompactList';

function MobileList({ userId, onNavigate }: { userId: number; onNavigate: () => void }) {
  const count = useUnreadCount(userId);
  const list = useNotificationList(userId, { limit: NOTIFICATION_DROPDOWN_LIMIT });
  const markAll = useMarkAllRead(userId);
  const headingId = useId();
  return (
    <section className="notif-mobile" aria-labelledby={headingId}>
      <div className="notif-dropdown-head">
        <h2 id={headingId}>
          Notifikationer
          {count > 0 && (
            <span className="notif-count" aria-hidden="true">
              {badgeLabel(count)}
            </span>
          )}
          <span className="visually-hidden">, {unreadText(count)}</span>
        </h2>
        <button
          type="button"
          className="link-button"
          disabled={count === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Markera alla som lästa
        </button>
      </div>
      <CompactList userId={userId} items={list.data} loading={list.isPending} onDone={onNavigate} />
      <Link to="/notifications" className="notif-dropdown-all" onClick={onNavigate}>
        Visa alla notifikationer
      </Link>
    </section>
  );
}

/** Spec 000 §2 mobile menu: the notification list (lazy, logged-in users only). */
export default function MobileNotifications({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  return (
    <NotificationsQueryProvider>
      <MobileList userId={user.id} onNavigate={onNavigate} />
    </NotificationsQueryProvider>
  );
}
