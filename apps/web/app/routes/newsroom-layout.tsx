import { Outlet } from 'react-router';
import { NewsroomShell } from '../components/NewsroomShell';
import shellStyles from '../components/newsroom-shell.css?url';
import { QueueBadgeSlot } from '../features/moderation';
import { useSession } from '../lib/session/session';

export const links = () => [{ rel: 'stylesheet', href: shellStyles }];

/**
 * Issue 41: every newsroom page (/admin/…) inside the one shell; the moderation feature's queue
 * badge beside "Moderering". Each page still checks the role itself (RequireRole).
 */
export default function NewsroomLayout() {
  const { user } = useSession();
  return (
    <>
      {user && <NewsroomShell user={user} badges={{ '/admin/moderation': <QueueBadgeSlot user={user} /> }} />}
      <Outlet />
    </>
  );
}
