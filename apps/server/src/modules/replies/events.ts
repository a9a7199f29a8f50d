import { defineEvent } from '../../lib/events/domain-events.js';

/** What happens to requests for a right of reply (issue 43). Who reacts is listed in `src/events.ts`. */

/** A reply was published: its article and the article it answers link to each other now. */
export const ReplyPublished = defineEvent<{ articleId: number | null; replyArticleId: number }>('ReplyPublished');
