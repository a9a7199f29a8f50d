/**
 * The paper's own settings (issues 41–44): zod schemas. Texts and defaults: settings.ts.
 *
 *   GET /newsroom/settings   admin   → NewsroomSettings
 *   PUT /newsroom/settings   admin   NewsroomSettingsUpdate (any of the fields) → NewsroomSettings
 */
import { z } from 'zod';
import { MESSAGE_AS_IS } from './errors.js';
import { SETTINGS_MSG } from './settings.js';

/** One line of text, trimmed (empty: not set). */
const line = (max: number) => z.string().trim().max(max);
/** A policy text (issue 43). */
const policy = z.string().trim().max(10_000);

export const NewsroomSettingsSchema = z
  .object({
    /** Issue 41: "Skribenters artiklar granskas före publicering". */
    review_required: z.boolean(),
    /** Issue 42: subscriber articles a logged-in free reader may read per calendar month (0 = off). */
    metered_articles_per_month: z.number().int().min(0).max(100),
    /** Issue 42: gift links a subscriber may make per calendar month. */
    gift_links_per_month: z.number().int().min(0).max(1000),
    /** Issue 42: VAT on digital news, in per cent (6 in Sweden), included in the prices shown. */
    vat_percent: z.number().min(0).max(50),
    /** Issue 42: days a past-due subscriber keeps access. */
    past_due_grace_days: z.number().int().min(0).max(60),
    /** Issue 43: ansvarig utgivare, named in the footer of every page. */
    responsible_publisher: line(200),
    /** Issue 43: the publisher (owner). */
    publisher_name: line(200),
    /** Issue 43: the publishing licence (utgivningsbevis) number. */
    utgivningsbevis: line(100),
    /** Issue 43: the paper's postal address. */
    address: line(300),
    /** Issue 43: the paper's policies, shown on /principer (plain text, blank lines between paragraphs). */
    policy_principles: policy,
    policy_ethics: policy,
    policy_corrections: policy,
    policy_ownership: policy,
    policy_feedback: policy,
    /** Issue 44: at most one breaking-news push per this many minutes. */
    push_min_interval_minutes: z.number().int().min(0).max(1440),
  })
  .meta({ id: 'NewsroomSettings' });
export type NewsroomSettings = z.infer<typeof NewsroomSettingsSchema>;

/**
 * A save names only what it changes; the rest stays. Issue 43: once named, the ansvarig utgivare
 * cannot be saved empty (a news site must have one; unset is the default before anyone saved).
 */
export const NewsroomSettingsUpdateSchema = NewsroomSettingsSchema.partial()
  .strict()
  .refine((s) => s.responsible_publisher === undefined || s.responsible_publisher.length > 0, {
    message: SETTINGS_MSG.publisherRequired,
    params: MESSAGE_AS_IS,
  })
  .meta({ id: 'NewsroomSettingsUpdate' });
export type NewsroomSettingsUpdate = z.infer<typeof NewsroomSettingsUpdateSchema>;
