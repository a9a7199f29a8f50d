import type { User } from '@vaggen/contract';
import { lazy, Suspense } from 'react';

// The header is on every page: it holds only this wrapper, and the badge (with the moderation
// API client) loads once a writer or admin is logged in.
const QueueBadge = lazy(() => import('./components/QueueBadge'));

/** The queue size badge for the admin header and the newsroom menu (issue 16). */
export function QueueBadgeSlot({ user }: { user: User }) {
  return (
    <Suspense fallback={null}>
      <QueueBadge user={user} />
    </Suspense>
  );
}
