import '../badge.css';
import { BADGE_MAX, type User } from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { moderationApi } from '../api';
import { onQueueChanged } from '../queueEvents';

/** How often the badge asks for the queue size (and at once after an action in this tab). */
export const QUEUE_BADGE_REFRESH_MS = 60_000;

/** "3 kommentarer att granska" for screen readers; the badge itself shows "3" (or "9+"). */
export const queueBadgeText = (n: number) => (n === 1 ? '1 kommentar att granska' : `${n} kommentarer att granska`);
export const queueBadgeLabel = (n: number) => (n > BADGE_MAX ? `${BADGE_MAX}+` : String(n));

/**
 * One poll for every badge on the page (header, mobile menu, newsroom menu): the size is shared,
 * fetched when the first badge mounts, every minute while any is mounted, and at once after an
 * action in this tab. 0 while unknown or on failure.
 */
const store = {
  size: 0,
  userId: null as number | null,
  listeners: new Set<(n: number) => void>(),
  timer: undefined as ReturnType<typeof setInterval> | undefined,
  off: undefined as (() => void) | undefined,
  load() {
    moderationApi
      .counts()
      .then((c) => c.pending + c.reported)
      .then((n) => {
        store.size = n;
        for (const l of store.listeners) l(n);
      })
      .catch((err) => console.error('loading the queue size failed', err));
  },
  subscribe(userId: number, listener: (n: number) => void) {
    if (store.userId !== userId) store.size = 0;
    store.userId = userId;
    store.listeners.add(listener);
    if (store.listeners.size === 1) {
      store.load();
      store.timer = setInterval(store.load, QUEUE_BADGE_REFRESH_MS);
      store.off = onQueueChanged(store.load);
    }
    return () => {
      store.listeners.delete(listener);
      if (store.listeners.size === 0) {
        clearInterval(store.timer);
        store.off?.();
      }
    };
  },
};

export function useQueueSize(user: User): number {
  const [size, setSize] = useState(store.userId === user.id ? store.size : 0);
  useEffect(() => store.subscribe(user.id, setSize), [user.id]);
  return size;
}

/**
 * The queue size beside "Admin" in the header and "Moderering" in the newsroom menu (issue 16);
 * nothing when the queue is empty.
 */
export default function QueueBadge({ user }: { user: User }) {
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
