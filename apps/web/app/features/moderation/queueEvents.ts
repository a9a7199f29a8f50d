/**
 * "The queue changed" within this tab (issue 16): the queue page says so after approving or
 * rejecting, and the badges in the admin header and menu fetch their count again at once instead
 * of waiting for their next poll.
 */
const EVENT = 'vaggen:moderation-queue-changed';

export function notifyQueueChanged() {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(EVENT));
}

export function onQueueChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
