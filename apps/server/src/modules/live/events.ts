import type { LiveEntry } from '@vaggen/contract';
import { defineEvent } from '../../lib/events/domain-events.js';

/**
 * What happens in live reports (issue 44). Who reacts is listed in `src/events.ts`. Each change of
 * an entry raises its report's stream position: `seq` is the stream event's id (`id:` in the
 * stream), and `entry` what the stream sends.
 */
export interface LiveEntryChange {
  articleId: number;
  seq: number;
  entry: LiveEntry;
}
/** A reporter posted an entry. */
export const LiveEntryPosted = defineEvent<LiveEntryChange>('LiveEntryPosted');
/** An entry's text was edited, or it was pinned or unpinned. */
export const LiveEntryEdited = defineEvent<LiveEntryChange>('LiveEntryEdited');
/** An entry was removed (readers' pages drop it). */
export const LiveEntryRemoved = defineEvent<LiveEntryChange>('LiveEntryRemoved');
