import type { AccountType } from '@vaggen/contract';
import { defineEvent } from '../../lib/events/domain-events.js';

/** What happens to accounts, as domain events (issue 39). Who reacts is listed in `src/events.ts`. */

/** Someone changed their own profile (name, picture, e-mail): bylines and comment avatars show it. */
export const ProfileChanged = defineEvent<{ userId: number }>('ProfileChanged');

/** An admin changed someone's role: their sessions end at once (decision 013). */
export const RoleChanged = defineEvent<{ userId: number; role: AccountType }>('RoleChanged');

/** An account's row was deleted (its modules erased their parts first, decision 027). */
export const AccountDeleted = defineEvent<{ userId: number; profilePicture: string | null }>('AccountDeleted');
