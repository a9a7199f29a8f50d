import '../notifications.css';
import type { User } from '@vaggen/contract';
import { useId } from 'react';
import { NotificationsQueryProvider } from '../../../lib/queryClient';
import { badgeLabel, unreadText, useUnreadCount } from '../hooks';
import { CompactPanel } from './CompactList';

function MobileList({ userId, onNavigate }: { userId: number; onNavigate: () => void }) {
  const count = useUnreadCount(userId);
  const headingId = useId();
  return (
    <section className="notif-mobile surface" aria-labelledby={headingId}>
      <CompactPanel
        userId={userId}
        count={count}
        onDone={onNavigate}
        heading={
          <h2 id={headingId}>
            Notifikationer
            {count > 0 && (
              <span className="notif-count count-badge" aria-hidden="true">
                {badgeLabel(count)}
              </span>
            )}
            <span className="visually-hidden">, {unreadText(count)}</span>
          </h2>
        }
      />
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
