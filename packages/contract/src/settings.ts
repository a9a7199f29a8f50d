/**
 * The paper's own settings (issues 41–44): one place, `GET`/`PUT /api/newsroom/settings` (admin),
 * each issue adding its fields. Browser-safe; the zod schema is in settings-schemas.ts.
 */

export const SETTINGS_MSG = {
  saved: 'Inställningarna är sparade',
} as const;

/** Every setting's value when nobody has set it. */
export const NEWSROOM_SETTINGS_DEFAULTS = {
  // issue 41: the editorial desk
  review_required: false,
  // issue 42: reader revenue
  metered_articles_per_month: 0,
  gift_links_per_month: 10,
  vat_percent: 6,
  past_due_grace_days: 7,
  // issue 43: the paper's legal identity
  responsible_publisher: '',
  publisher_name: '',
  utgivningsbevis: '',
  address: '',
  // issue 44: breaking-news push
  push_min_interval_minutes: 15,
} as const;

/** Settings that readers see on every page (the footer, /about, JSON-LD): a change re-renders pages. */
export const PAPER_IDENTITY_SETTINGS = [
  'responsible_publisher',
  'publisher_name',
  'utgivningsbevis',
  'address',
] as const;

/** Issue 43: the paper's legal identity as every reader page shows it (footer, /about, JSON-LD). */
export interface PaperIdentity {
  responsible_publisher: string;
  publisher_name: string;
  utgivningsbevis: string;
  address: string;
}
