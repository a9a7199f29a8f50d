import '../badge.css';
import { useQuery } from '@tanstack/react-query';
import { BADGE_MAX, type User } from '@vaggen/contract';
import { useEffect } from 'react';
import { getQueryClient, QueryProvider } from '../../../lib/queryClient';
import { moderationApi } from '../api';
import { onQueueChanged } from '../queueEvents';

/** How often the badge asks for the queue size (and at once after an action in this tab). */
export const QUEUE_BADGE_REFRESH_MS = 60_000;

/** "3 kommentarer att granska" for screen readers; the badge itself shows "3" (or "9+"). */
export const queueBadgeText = (n: number) => (n === 1 ? '1 kommentar att granska' : `${n} kommentarer att granska`);
export const queueBadgeLabel = (n: number) => (n > BADGE_MAX ? `${BADGE_MAX}+` : String(n));

/** The queue size in the tab's query cache: one entry per user, whoever shows it. */
const queueSizeKey = (userId: number) => ['moderation', 'queue-size', userId] as const;

let listening = false;

/**
 * One poll for every badge on the page (header, mobile menu, newsroom menu): the badges share the
 * tab's query client (lib/queryClient), so TanStack Query fetches the size once when the first
 * mounts, every minute while any is, and at once after an action in this tab. 0 while unknown; a
 * failed refresh keeps what was shown.
 */
export function useQueueSize(user: User): number {
  useEffect(() => {
    if (listening) return;
    listening = true;
    onQueueChanged(() => void getQueryClient().invalidateQueries({ queryKey: ['moderation', 'queue-size'] }));
  }, []);
  const q = useQuery({
    queryKey: queueSizeKey(user.id),
    queryFn: async () => {
      const c = await moderationApi.counts();
      return c.pending + c.reported;
    },
    refetchInterval: QUEUE_BADGE_REFRESH_MS,
  });
  return q.data ?? 0;
}

/**
 * The queue size beside "Admin" in the header and "Moderering" in the newsroom menu (issue 16);
 * nothing when the queue is empty.
 */
export default function QueueBadge({ user }: { user: User }) {
  return (
    <QueryProvider>
      <Badge user={user} />
    </QueryProvider>
  );
}

function Badge({ user }: { user: User }) {
  const n = useQueueSize(user);
  if (n === 0) return null;
  return (
    // issue 41: what the number counts, also for the mouse (a tooltip); screen readers hear the text
    <span className="mod-badge count-badge" data-testid="moderation-badge" title={queueBadgeText(n)}>
      <span aria-hidden="true">{queueBadgeLabel(n)}</span>
      <span className="visually-hidden">, {queueBadgeText(n)}</span>
    </span>
  );
}
