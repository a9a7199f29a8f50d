import { defineEvent } from '../../lib/events/domain-events.js';

/** What happens in moderation, as domain events (issue 39). Who reacts is listed in `src/events.ts`. */

/** An admin saved the moderation settings: every process drops its compiled word lists. */
export const ModerationSettingsChanged = defineEvent<Record<string, never>>('ModerationSettingsChanged');
