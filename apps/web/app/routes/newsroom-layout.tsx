import { Outlet } from 'react-router';
import { NewsroomShell } from '../components/NewsroomShell';
import shellStyles from '../components/newsroom-shell.css?url';
import { QueueBadgeSlot } from '../features/moderation';
import { QueryProvider } from '../lib/queryClient';
import { useSession } from '../lib/session/session';

export const links = () => [{ rel: 'stylesheet', href: shellStyles }];

/**
 * Issue 41: every newsroom page (/admin/…) inside the one shell; the moderation feature's queue
 * badge beside "Moderering". Each page still checks the role itself (RequireRole). Newsroom pages
 * may load with TanStack Query (the tab's one client).
 */
export default function NewsroomLayout() {
  const { user } = useSession();
  return (
    <>
      {user && <NewsroomShell user={user} badges={{ '/admin/moderation': <QueueBadgeSlot user={user} /> }} />}
      <QueryProvider>
        <Outlet />
      </QueryProvider>
    </>
  );
}
