import { defineEvent } from '../../lib/events/domain-events.js';

/** What happens in the DSA's cases, as domain events (issue 43). Who reacts is listed in `src/events.ts`. */

/** A notice came in, was decided, a statement of reasons was made, an appeal came or was decided. */
export const DsaCaseChanged = defineEvent<{ kind: 'notice' | 'decision' | 'statement' | 'appeal' | 'appeal-decision' }>(
  'DsaCaseChanged',
);
