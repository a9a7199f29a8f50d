import { defineEvent } from '../../lib/events/domain-events.js';

/** What happens to front pages, as domain events (issue 41). Who reacts: `src/events.ts`. */

/** A front's pinned slots changed (a save, an undo, a scheduled change, a deleted article dropped). */
export const FrontChanged = defineEvent<{ front: string; version: number }>('FrontChanged');
