import '../notifications.css';
import type { User } from '@vaggen/contract';
import { NotificationsQueryProvider } from '../../../lib/queryClient';
import { badgeLabel, useUnreadCount } from '../hooks';

function Badge({ userId }: { userId: number }) {
  const count = useUnreadCount(userId);
  if (count === 0) return null;
  return (
    <span className="menu-badge count-badge" data-testid="menu-badge">
      {badgeLabel(count)}
    </span>
  );
}

/** The unread count on the mobile menu button (the bell itself lives in the desktop header). */
export default function MenuBadge({ user }: { user: User }) {
  return (
    <NotificationsQueryProvider>
      <Badge userId={user.id} />
    </NotificationsQueryProvider>
  );
}
