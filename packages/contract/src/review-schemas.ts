/**
 * Issue 41: review before publishing — zod schemas. Texts and constants: review.ts.
 *
 *   GET  /newsroom/review                 admin  ?after → ReviewQueuePage (oldest first)
 *   POST /newsroom/articles/:id/review    admin  ReviewDecisionInput → Article
 */
import { z } from 'zod';
import { ArticleSchema, PublishAtSchema } from './articles-schemas.js';
import { REVIEW_COMMENT_MAX, REVIEW_DECISIONS } from './review.js';

export const ReviewDecisionInputSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS),
    /** Required with `return` (what needs changing); optional otherwise. */
    comment: z.string().trim().max(REVIEW_COMMENT_MAX).optional(),
    /** With `schedule`: when it goes live (ISO). */
    publish_at: PublishAtSchema.optional(),
  })
  .meta({ id: 'ReviewDecisionInput' });
export type ReviewDecisionInput = z.infer<typeof ReviewDecisionInputSchema>;

export const ReviewQueueQuerySchema = z.object({
  /** The `next` of the previous page. */
  after: z.string().max(200).optional(),
});

export const ReviewQueuePageSchema = z
  .object({
    items: z.array(ArticleSchema.omit({ content: true })),
    /** Pass as `after` for the next page; null on the last. */
    next: z.string().nullable(),
  })
  .meta({ id: 'ReviewQueuePage' });
export type ReviewQueuePage = z.infer<typeof ReviewQueuePageSchema>;

/** `GET /newsroom/review/policy` (writer or admin): whether the caller must send articles for review. */
export const ReviewPolicySchema = z
  .object({
    review_required: z.boolean(),
    /** True for a writer while review is required: publish and schedule are refused (403). */
    must_send_for_review: z.boolean(),
  })
  .meta({ id: 'ReviewPolicy' });
export type ReviewPolicy = z.infer<typeof ReviewPolicySchema>;
