import type { User } from '@vaggen/contract';
import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';

// The header is part of every page. These wrappers are all it holds of the notifications feature:
// the components (and TanStack Query) load only once the session says someone is logged in.
const HeaderBell = lazy(() => import('./components/HeaderBell'));
const MobileNotifications = lazy(() => import('./components/MobileNotifications'));
const MenuBadge = lazy(() => import('./components/MenuBadge'));

export function HeaderBellSlot({ user }: { user: User }) {
  return (
    <Suspense fallback={null}>
      <HeaderBell user={user} />
    </Suspense>
  );
}

export function MobileNotificationsSlot({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  return (
    <Suspense fallback={null}>
      <MobileNotifications user={user} onNavigate={onNavigate} />
    </Suspense>
  );
}

/** The unread badge on the mobile menu button; nothing for visitors. */
export function MenuBadgeSlot() {
  const { status, user } = useSession();
  if (status !== 'authenticated' || !user) return null;
  return (
    <Suspense fallback={null}>
      <MenuBadge user={user} />
    </Suspense>
  );
}
