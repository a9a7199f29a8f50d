import { NOTIFICATION_DROPDOWN_LIMIT, NOTIFICATIONS_MSG, type Notification } from '@vaggen/contract';
import { RelativeTime } from '../../../components/RelativeTime';
import { AppLink } from '../../../lib/router-bridge';
import { useMarkAllRead, useMarkRead, useNotificationList, useNow } from '../hooks';
import { NotificationLink } from './NotificationLink';
import { TYPE_LABEL, TypeIcon, UnreadDot } from './TypeIcon';

/**
 * The body of the header dropdown and of the mobile menu's list: `heading`, "Markera alla som
 * lästa" (disabled when nothing is unread or while saving), the latest 10 and a link to the page.
 * `onDone` runs when the reader follows a notification or the link.
 */
export function CompactPanel({
  userId,
  count,
  heading,
  onDone,
}: {
  userId: number;
  count: number;
  heading: React.ReactNode;
  onDone: () => void;
}) {
  const list = useNotificationList(userId, { limit: NOTIFICATION_DROPDOWN_LIMIT });
  const markAll = useMarkAllRead(userId);
  return (
    <>
      <div className="notif-dropdown-head">
        {heading}
        <button
          type="button"
          className="link-button"
          disabled={count === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Markera alla som lästa
        </button>
      </div>
      <CompactList userId={userId} items={list.data} loading={list.isPending} onDone={onDone} />
      <AppLink href="/notifications" className="notif-dropdown-all" onClick={onDone}>
        Visa alla notifikationer
      </AppLink>
    </>
  );
}

/**
 * The short list of the header dropdown and the mobile menu (spec 000 §2): unread ones are marked;
 * clicking one marks it read, follows its action_url and closes the list.
 */
export function CompactList({
  userId,
  items,
  loading,
  onDone,
}: {
  userId: number;
  items: Notification[] | undefined;
  loading: boolean;
  onDone: () => void;
}) {
  const markRead = useMarkRead(userId);
  const now = useNow();
  if (loading) {
    return (
      <p className="notif-state" role="status">
        Laddar...
      </p>
    );
  }
  if (!items || items.length === 0) return <p className="notif-state">{NOTIFICATIONS_MSG.noNotifications}</p>;
  return (
    <ul className="notif-compact">
      {items.map((n) => (
        <li key={n.id} className={n.read ? 'notif-read' : 'notif-unread'}>
          <NotificationLink
            notification={n}
            className="notif-compact-item"
            onActivate={() => {
              if (!n.read) markRead.mutate(n);
              onDone();
            }}
          >
            <TypeIcon type={n.type} />
            <span className="notif-compact-text">
              <span className="notif-compact-title">
                <span className="visually-hidden">{TYPE_LABEL[n.type]}: </span>
                {n.title}
              </span>
              <span className="notif-compact-message">{n.message}</span>
              <RelativeTime className="notif-time" iso={n.created_at} now={now} />
            </span>
            {!n.read && <UnreadDot />}
          </NotificationLink>
        </li>
      ))}
    </ul>
  );
}
