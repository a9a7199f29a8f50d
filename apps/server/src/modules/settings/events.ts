import { defineEvent } from '../../lib/events/domain-events.js';

/** What happens to the paper's settings, as domain events (issue 39). Who reacts: `src/events.ts`. */

/** An admin saved settings: every process re-reads them; pages that show the paper's identity re-render. */
export const NewsroomSettingsChanged = defineEvent<{ keys: string[] }>('NewsroomSettingsChanged');
