import { z } from 'zod';
import { MESSAGE_AS_IS } from './errors.js';
import { LIVE_ENTRIES_PAGE, LIVE_ENTRIES_PAGE_MAX, LIVE_ENTRY_MAX, LIVE_MSG } from './live.js';

const asIs = (message: string) => ({ message, params: MESSAGE_AS_IS });
const hasText = (v: string) => v.replace(/<[^>]*>/g, '').trim().length > 0 || /<img\s/i.test(v);

/** One entry of a live report, as readers get it (issue 44). */
export const LiveEntrySchema = z
  .object({
    id: z.number().int(),
    content: z.string(),
    author_display_name: z.string(),
    created_at: z.string(),
    /** When it was last edited, else null. */
    edited_at: z.string().nullable(),
    pinned: z.boolean(),
    /** A draft the desk prepared and readers do not see (always false in readers' answers and the stream). */
    draft: z.boolean(),
  })
  .meta({ id: 'LiveEntry' });
export type LiveEntry = z.infer<typeof LiveEntrySchema>;

export const LiveEntryPageSchema = z
  .object({
    entries: z.array(LiveEntrySchema),
    next_cursor: z.string().nullable(),
    /** The report's pinned entries ("Viktigast just nu"), newest first; on the first page only. */
    pinned: z.array(LiveEntrySchema).optional(),
    /** The stream's position when this page was read: `GET …/live-stream?last_event_id=` resumes from it. */
    last_event_id: z.number().int(),
  })
  .meta({ id: 'LiveEntryPage' });
export type LiveEntryPage = z.infer<typeof LiveEntryPageSchema>;

export const LiveEntriesQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,10}$/, asIs(LIVE_MSG.badCursor))
    .optional(),
  limit: z.coerce.number().int().min(1).max(LIVE_ENTRIES_PAGE_MAX).default(LIVE_ENTRIES_PAGE),
  /** `1`: the report's drafts instead (its writers and admins only; never cached publicly). */
  drafts: z
    .string()
    .refine((v) => v === '0' || v === '1', asIs(LIVE_MSG.badDrafts))
    .optional(),
});

export const LiveStreamQuerySchema = z.object({
  /** Where to resume when the client cannot send `Last-Event-ID` (the page's snapshot). */
  last_event_id: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

const content = z.preprocess(
  (v) => v ?? '',
  z
    .string(asIs(LIVE_MSG.contentRequired))
    .refine(hasText, asIs(LIVE_MSG.contentRequired))
    .refine((v) => v.length <= LIVE_ENTRY_MAX, asIs(LIVE_MSG.contentTooLong)),
);

/** `POST /api/articles/:id/live-entries`; `draft: true` keeps it from readers until it is published. */
export const LiveEntryInputSchema = z.object({
  content,
  pinned: z.boolean().optional(),
  draft: z.boolean().optional(),
});
export type LiveEntryInput = z.infer<typeof LiveEntryInputSchema>;

/**
 * `PUT /api/live-entries/:id`: new text, a pin, or both; `draft: false` publishes a draft (it then
 * shows the time of publishing). A posted entry cannot become a draft again.
 */
export const LiveEntryUpdateSchema = z.object({
  content: content.optional(),
  pinned: z.boolean().optional(),
  draft: z.boolean().optional(),
});
export type LiveEntryUpdate = z.infer<typeof LiveEntryUpdateSchema>;

/** One stream event's `data:` (the entry; `remove` carries only its id; `end` the time). */
export const LiveStreamDataSchema = z.union([
  LiveEntrySchema,
  z.object({ id: z.number().int() }),
  z.object({ live_ended_at: z.string() }),
]);
