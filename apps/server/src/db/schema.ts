import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Timestamps are ISO 8601 UTC strings ('2025-03-15T08:30:00.000Z') on
 * both SQLite and PostgreSQL: they sort correctly as text and need no per-dialect conversion.
 * Booleans are integers 0/1 for the same reason.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
  password_hash: string;
  email: string | null;
  email_lower: string | null;
  full_name: string | null;
  /** `nameKey(full_name)`: reserved-name lookups (migration 008). */
  full_name_lower: string | null;
  /** `nameSkeleton(username)` / `nameSkeleton(full_name)`: names compared by their look (migration 024). */
  username_skeleton: string | null;
  full_name_skeleton: string | null;
  profile_picture: string | null;
  account_type: 'user' | 'writer' | 'admin';
  created_at: string;
  updated_at: string;
  last_login: string | null;
  /** 0 while a new account's e-mail awaits confirmation (issue 21); 1 otherwise (migration 015). */
  email_verified: Generated<number>;
}

export interface ArticlesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  category: string;
  author_id: number | null;
  /** Byline kept on the article so it survives the author's account being removed. */
  author_name: string;
  featured_image: string | null;
  /** For drafts: when the draft was made; set when the article goes live (kept when republished). */
  published_at: string;
  updated_at: string;
  status: Generated<ArticleStatus>;
  /** When a scheduled article goes live (ISO). */
  publish_at: string | null;
  /** Optimistic concurrency: raised by every save. */
  version: Generated<number>;
  /** A free byline for wire copy ("TT"); null = the authors. */
  byline: string | null;
  featured_image_alt: string | null;
  featured_image_caption: string | null;
  featured_image_credit: string | null;
  /** Issue 41: the newsroom's fields (null: not written). */
  ingress: string | null;
  front_headline: string | null;
  teaser: string | null;
  seo_title: string | null;
  seo_description: string | null;
  social_title: string | null;
  social_description: string | null;
  social_image: string | null;
  /** The featured picture's focal point (0..1), both or neither. */
  focal_x: number | null;
  focal_y: number | null;
  /** Issue 44: 'article' or 'live' (a live report). */
  kind: Generated<string>;
  /** Issue 44: when a live report ended. */
  live_ended_at: string | null;
  /** Issue 42: free | registered | subscribers. */
  access: Generated<string>;
}

export type ArticleStatus = 'draft' | 'scheduled' | 'published' | 'unpublished' | 'review';

/** Every save of an article (issue 14). `tags` is a JSON array, `meta` a JSON object. */
export interface ArticleRevisionsTable {
  id: Generated<number>;
  article_id: number;
  version: number;
  user_id: number | null;
  user_name: string;
  created_at: string;
  status: string;
  title: string;
  content: string;
  category: string;
  tags: string;
  featured_image: string | null;
  meta: string;
}

/** Issue 41: an invitation to the newsroom by e-mail with a preset role (the token only hashed). */
export interface StaffInvitationsTable {
  id: Generated<number>;
  email: string;
  role: 'writer' | 'admin';
  token_hash: string;
  invited_by: number | null;
  invited_by_name: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: number | null;
}

/** Issue 41: the editor's working copy per person and article (`slot`: the id, or `new`). */
export interface ArticleAutosavesTable {
  user_id: number;
  slot: string;
  article_id: number | null;
  base_version: number | null;
  /** The form as typed (JSON). */
  draft: string;
  saved_at: string;
}

/** Free tags, stored normalised (lower case, trimmed, single spaces). */
export interface ArticleTagsTable {
  article_id: number;
  tag: string;
  /** Issue 41: the tag as the editor wrote it (null: as `tag`). */
  label: string | null;
}

/** Co-authors from the staff, in byline order (the article's author_id is the first). */
export interface ArticleAuthorsTable {
  article_id: number;
  user_id: number;
  position: number;
}

/** Issue 40: a co-author named by a writer, until they accept or decline (migration 026). */
export interface BylineInvitationsTable {
  id: Generated<number>;
  article_id: number;
  user_id: number;
  position: number;
  invited_by: number | null;
  created_at: string;
}

/** A deleted account's place in a byline, kept as text (migration 016, decision 027). */
export interface ArticleFormerAuthorsTable {
  article_id: number;
  position: number;
  name: string;
}

/** Earlier slugs of an article, so old links keep redirecting after a title change. */
export interface ArticleSlugsTable {
  slug: string;
  article_id: number;
}

/** Who runs each background job and when it last ran (src/jobs, migration 012). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  lease_until: string;
  last_run_at: string | null;
  runs: number;
}

/** Issue 13 (decision 040): an anonymous page rendered ahead, shared by every process. */
/** Issues 41–44: the paper's own settings, one row per key (value: JSON). */
export interface NewsroomSettingsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: number | null;
}

/** Issue 39: domain events whose after-commit handlers have not all run yet (the outbox). */
export interface EventOutboxTable {
  id: Generated<number>;
  event: string;
  /** The event's payload as JSON. */
  payload: string;
  /** JSON array of the names of the handlers still to run. */
  handlers: string;
  /** ms since 1970. */
  created_at: number;
  /** Not taken before this (ms since 1970): a claim by the process running it, or a retry's backoff. */
  run_after: number;
  attempts: Generated<number>;
  last_error: string | null;
}

export interface PageStoreTable {
  key: string;
  build: string;
  /** When its render began (ms since 1970). */
  rendered_at: number;
  status: number;
  /** The response headers, as JSON. */
  headers: string;
  etag: string;
  /** What it shows (decision 016), as a JSON array. */
  tags: string;
  body_br: Buffer;
}

/** Issue 46 (decision 051, migration 057): the pages readers were reading, per key (preloaded at start). */
export interface PageHotKeysTable {
  key: string;
  /** Higher is hotter (its place among the kept pages a process served most recently). */
  score: number;
  /** When a process saved it (ms since 1970). */
  saved_at: number;
}

/** Issue 46 (decision 051): the builds whose pages may be stored, in the order they first started. */
export interface PageBuildsTable {
  build: string;
  /** When a process of this build first started (ms since 1970). */
  registered_at: number;
  /** The format of the page tags its pages carry (PAGE_TAGS_FORMAT). */
  tags_format: Generated<number>;
}

/** Issue 46 (decision 051): the hashed client assets of the kept builds, for pages of earlier builds. */
export interface BuildAssetsTable {
  /** Its address, e.g. `/assets/entry.client-Bx1y2z.js`. */
  path: string;
  content_type: string;
  body: Buffer;
  body_br: Buffer | null;
  body_gz: Buffer | null;
  /** `registered_at` of the newest build that has it. */
  build_at: number;
}

/** When each page tag was last evicted or staled (ms since 1970; 0: never). */
export interface PageTagChangesTable {
  tag: string;
  evicted_at: number;
  staled_at: number;
}

export interface AdsTable {
  id: Generated<number>;
  type: string;
  title: string;
  company: string;
  link_url: string;
  image_url: string;
  active: number;
  created_at: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface ApiTokensTable {
  user_id: number;
  token_hash: string;
  token_encrypted: string;
  created_at: string;
}

export interface CommentsTable {
  id: Generated<number>;
  article_id: number;
  parent_id: number | null;
  author_id: number | null;
  name: string;
  email: string | null;
  content: string;
  is_deleted: number;
  created_at: string;
  /** The thread's top-level comment; null for a top-level comment (migration 007). */
  root_id: Generated<number | null>;
  /** 0 for a top-level comment, at most 6 (migration 007). */
  depth: Generated<number>;
  /** The comment answered, when the reply hangs under that comment's parent (depth limit). */
  reply_to_id: Generated<number | null>;
  /** 'visible' | 'pending' | 'hidden' | 'rejected' (migration 013, decision 024). */
  status: Generated<string>;
  /** Hashed key of the visitor's browser that wrote it (sees its own held comments); null for accounts. */
  author_key: Generated<string | null>;
  /** 1 when readers' lists show it: visible, or not visible but with visible replies (placeholder). */
  listed: Generated<number>;
}

/** Per article, the comments that still show their text (migration 007; kept by the comments service). */
export interface CommentTotalsTable {
  article_id: number;
  visible: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  title: string;
  message: string;
  read: number;
  action_url: string | null;
  /** JSON object, always with `status` for requests. */
  data: string;
  article_id: number | null;
  request_id: number | null;
  created_at: string;
}

export interface RoleRequestsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'writer' | 'admin';
  message: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  decided_by: number | null;
  created_at: string;
  decided_at: string | null;
}

/** The imported NUBASE2020 table (science module). Booleans 0/1; decay_modes is JSON text. */
export interface NuclidesTable {
  id: number;
  atomic_number: number;
  mass_number: number;
  isomer_index: number;
  isomer: string | null;
  stable: number;
  abundance: number | null;
  abundance_uncertainty: number | null;
  half_life: string | null;
  half_life_seconds: number | null;
  half_life_uncertainty_seconds: number | null;
  half_life_qualifier: string | null;
  decay_mode: string | null;
  decay_modes: string;
  excitation_energy_kev: number | null;
  mass_excess_kev: number | null;
  spin_parity: string | null;
  discovery_year: number | null;
}

export interface NuclideImportsTable {
  id: Generated<number>;
  source: string;
  imported_at: string;
  ground_states: number;
  isomers: number;
}

/** Inbox (issue 6). No IP address or user agent column anywhere; an anonymous tip has null name, email, phone. */
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  status: 'new' | 'handled';
  created_at: string;
  handled_at: string | null;
  handled_by: number | null;
}

export interface TipsTable {
  id: Generated<number>;
  anonymous: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  title: string;
  details: string;
  evidence: number;
  status: 'new' | 'handled';
  created_at: string;
  handled_at: string | null;
  handled_by: number | null;
}

export interface AdInquiriesTable {
  id: Generated<number>;
  name: string;
  company: string;
  email: string;
  phone: string | null;
  ad_type: string;
  message: string | null;
  status: 'new' | 'handled';
  created_at: string;
  handled_at: string | null;
  handled_by: number | null;
}

/** Moderation (migration 013, decision 024): one row, id 1. Word lists are JSON arrays of { word, word_beginning }. */
export interface ModerationSettingsTable {
  id: number;
  mode: string;
  link_limit: number | null;
  hold_repeated: number;
  auto_close_days: number | null;
  report_threshold: number;
  queue_alert_threshold: number | null;
  banned_words: string;
  suspect_words: string;
  /** 1: the built-in Swedish word list holds comments (issue 41, migration 027). */
  builtin_words: number;
  version: number;
  updated_at: string | null;
  updated_by: number | null;
  alerted: number;
}

/** Issue 43: a correction of a published article (migration 028). */
export interface ArticleCorrectionsTable {
  id: Generated<number>;
  article_id: number;
  text: string;
  what_was_wrong: string | null;
  created_at: string;
  created_by: number | null;
  created_by_name: string | null;
  amended_at: string | null;
}

/** Issue 43: a correction's earlier text, kept when it was amended. */
export interface ArticleCorrectionVersionsTable {
  id: Generated<number>;
  correction_id: number;
  text: string;
  what_was_wrong: string | null;
  replaced_at: string;
  replaced_by: number | null;
  replaced_by_name: string | null;
}

/** Issue 43 (DSA): a notice of illegal content and its decision (migration 029). */
export interface DsaNoticesTable {
  id: Generated<number>;
  case_number: string;
  url: string;
  kind: string;
  explanation: string;
  name: string | null;
  email: string | null;
  comment_id: number | null;
  article_id: number | null;
  created_at: string;
  status: string;
  action: string | null;
  ground: string | null;
  decision_text: string | null;
  decided_at: string | null;
  decide_seconds: number | null;
  decided_by: number | null;
  decided_by_name: string | null;
  statement_id: number | null;
}

/** Issue 43 (DSA): a statement of reasons for a removed or hidden comment, with its appeal. */
export interface DsaStatementsTable {
  id: Generated<number>;
  case_number: string;
  comment_id: number;
  notice_id: number | null;
  action: string;
  ground: string;
  facts: string;
  automated: number;
  comment_excerpt: string;
  recipient_user_id: number | null;
  recipient_email: string | null;
  created_at: string;
  appeal_until: string;
  decided_by: number | null;
  decided_by_name: string | null;
  appeal_text: string | null;
  appealed_at: string | null;
  appeal_status: string | null;
  appeal_outcome: string | null;
  appeal_outcome_text: string | null;
  appeal_decided_at: string | null;
  appeal_decided_by: number | null;
  appeal_decided_by_name: string | null;
}

/** Issue 43: a request for a right of reply (genmäle), handled as a case (migration 037). */
export interface ReplyRequestsTable {
  id: Generated<number>;
  case_number: string;
  article_id: number | null;
  article_title: string;
  name: string;
  email: string;
  text: string;
  status: string;
  created_at: string;
  decision_text: string | null;
  decided_at: string | null;
  decided_by: number | null;
  decided_by_name: string | null;
  reply_article_id: number | null;
}

export interface ModerationArticlesTable {
  article_id: number;
  mode: string | null;
  closed: number;
  updated_at: string;
  updated_by: number | null;
}

/** A comment that was held, reported or rejected; `tab` null when it is in no queue tab. */
export interface ModerationItemsTable {
  comment_id: number;
  article_id: number;
  article_owner_id: number | null;
  category: string;
  commenter: string;
  status: string;
  tab: string | null;
  reasons: string;
  open_reports: number;
  queued_at: string;
  updated_at: string;
}

export interface ModerationCommentersTable {
  commenter: string;
  approved: number;
  rejected: number;
  published: number;
  updated_at: string;
}

export interface ModerationReportsTable {
  id: Generated<number>;
  comment_id: number;
  reason: string;
  note: string | null;
  reporter: string;
  created_at: string;
  resolved: number;
}

export interface ModerationBansTable {
  id: Generated<number>;
  user_id: number | null;
  email: string | null;
  kind: string;
  until: string | null;
  reason: string | null;
  created_at: string;
  created_by: number | null;
  lifted_at: string | null;
  lifted_by: number | null;
}

export interface ModerationAuditTable {
  id: Generated<number>;
  created_at: string;
  action: string;
  actor_id: number | null;
  comment_id: number | null;
  article_id: number | null;
  ban_id: number | null;
  detail: string | null;
}

export interface ModerationFingerprintsTable {
  id: Generated<number>;
  hash: string;
  commenter: string;
  comment_id: number;
  long_text: number;
  created_at: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  /** JSON object of extra headers. */
  headers: string;
  kind: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface MailSettingsTable {
  id: number;
  require_email_verification: number;
  updated_at: string | null;
  updated_by: number | null;
}

export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'password-reset' | 'verify-email';
  token_hash: string;
  email: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  user_id: number | null;
  status: 'pending' | 'confirmed';
  confirm_hash: string | null;
  confirm_sent_at: string | null;
  created_at: string;
  confirmed_at: string | null;
}

export interface NewsletterIssuesTable {
  id: Generated<number>;
  day: string;
  status: 'sending' | 'sent';
  articles: number;
  recipients: number;
  last_id: number;
  /** JSON: the rendered issue (subject, content) every batch sends. */
  content: string;
  created_at: string;
  finished_at: string | null;
}

export interface NotificationMailPrefsTable {
  user_id: number;
  kind: string;
  created_at: string;
}

export interface NotificationMailQueueTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title: string;
  message: string;
  action_url: string | null;
  created_at: string;
}

/** Issue 41: a front page's pinned slots (JSON) and its version. */
export interface FrontsTable {
  front: string;
  version: number;
  slots: string;
  updated_at: string;
  /** The user's id (their name is read at display time). */
  updated_by: number | null;
}

/** Issue 41: every saved version of a front (undo). */
export interface FrontVersionsTable {
  id: Generated<number>;
  front: string;
  version: number;
  slots: string;
  created_at: string;
  created_by: number | null;
}

/** Issue 41: a front's change waiting for its time (the `fronts-scheduled` job applies it once). */
export interface FrontSchedulesTable {
  id: Generated<number>;
  front: string;
  slots: string;
  apply_at: string;
  created_at: string;
  created_by: number | null;
}

/** Issue 44: one live report's stream position (raised by every change of an entry). */
export interface LiveStreamsTable {
  article_id: number;
  seq: number;
}

/** Issue 44: an entry of a live report. */
export interface LiveEntriesTable {
  id: Generated<number>;
  article_id: number;
  content: string;
  author_id: number | null;
  author_name: string;
  created_at: string;
  edited_at: string | null;
  pinned: number;
  removed: number;
  created_seq: number;
  seq: number;
  /** 1: a draft prepared in the desk (issue 44, decision 055): no stream position, not for readers. */
  draft: number;
}

/** Issue 44: a reader's push subscription (anonymous). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** Issue 44: a breaking-news push, delivered by the `push-send` job. */
export interface PushSendsTable {
  id: Generated<number>;
  article_id: number | null;
  entry_id: number | null;
  title: string;
  body: string;
  url: string;
  created_at: string;
  created_by: number | null;
  cursor: number;
  done_at: string | null;
  sent: number;
  gone: number;
  failed: number;
}

/** Issue 42: a plan readers subscribe to (prices in kronor, VAT included). */
export interface PlansTable {
  id: Generated<number>;
  name: string;
  /** JSON array of lines. */
  benefits: string;
  price_month_sek: number | null;
  price_year_sek: number | null;
  trial_days: Generated<number>;
  on_sale: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Issue 42: a reader's subscription, Stripe's or complimentary. */
export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number | null;
  plan_name: string;
  source: string;
  status: string;
  interval: string | null;
  stripe_subscription_id: string | null;
  stripe_customer_id: string | null;
  current_period_end: string | null;
  cancel_at_period_end: Generated<number>;
  past_due_since: string | null;
  ended_at: string | null;
  origin_article_id: number | null;
  /** The offer it was bought with (migration 051). */
  offer_id: number | null;
  state_at: Generated<number | string>;
  created_at: string;
  updated_at: string;
}

/** Issue 42: Stripe's events as received (the id makes a repeat a no-op); a job applies them. */
export interface StripeEventsTable {
  id: string;
  type: string;
  payload: string;
  received_at: string;
  processed_at: string | null;
  attempts: Generated<number>;
}

/** Issue 42: a logged-in free reader's subscriber articles read this month (the meter). */
export interface MeteredReadsTable {
  user_id: number;
  month: string;
  article_id: number;
  read_at: string;
}

/** Issue 42: a subscriber's gift link to one article. */
export interface GiftLinksTable {
  id: Generated<number>;
  user_id: number;
  article_id: number;
  nonce: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Issue 42 (migration 051): the revenue figures of one Swedish day, written once. */
export interface RevenueSnapshotsTable {
  day: string;
  mrr_sek: number;
  active: number;
  trialing: number;
  past_due: number;
  canceled: number;
  taken_at: string;
}

/** Issue 42 (migration 051): an offer — a code for a plan's first period at a percentage off. */
export interface OffersTable {
  id: Generated<number>;
  plan_id: number;
  /** Lower-case (codes are case-insensitive). */
  code: string;
  interval: string;
  percent_off: number;
  valid_until: string;
  max_redemptions: number | null;
  redemptions: Generated<number>;
  stripe_coupon_id: string | null;
  created_at: string;
}

/** Issue 42 (migration 053): a gift subscription, written when Stripe says its payment completed. */
export interface GiftSubscriptionsTable {
  id: Generated<number>;
  buyer_id: number | null;
  plan_id: number | null;
  plan_name: string;
  months: number;
  amount_ore: number;
  recipient_email: string | null;
  message: string | null;
  /** sha256 (hex) of the redeem token; the token itself is never stored. */
  token_hash: string;
  stripe_session_id: string;
  created_at: string;
  expires_at: string;
  redeemed_by: number | null;
  redeemed_at: string | null;
  subscription_id: number | null;
}

/** Issue 45 (migration 040): one page's counts in one bucket (minute, hour or Swedish day). */
export interface AnalyticsCountsTable {
  /** 'YYYY-MM-DDTHH:MM:00Z' (minutes), 'YYYY-MM-DDTHH:00:00Z' (hours), 'YYYY-MM-DD' (Swedish days). */
  bucket: string;
  /** The article read, or 0 for another reader page (then `page` is its path). */
  article_id: number;
  page: string;
  views: Generated<number>;
  ref_search: Generated<number>;
  ref_social: Generated<number>;
  ref_newsletter: Generated<number>;
  ref_push: Generated<number>;
  ref_direct: Generated<number>;
  ref_internal: Generated<number>;
  ref_other: Generated<number>;
  dev_mobile: Generated<number>;
  dev_tablet: Generated<number>;
  dev_desktop: Generated<number>;
  engaged_seconds: Generated<number>;
  engaged_events: Generated<number>;
  scroll_25: Generated<number>;
  scroll_50: Generated<number>;
  scroll_75: Generated<number>;
  scroll_100: Generated<number>;
  conv_newsletter: Generated<number>;
  conv_registration: Generated<number>;
  conv_subscription: Generated<number>;
  /** Published comments (migration 056): "hottest last week" weighs each as COMMENT_WEIGHT views. */
  comments: Generated<number>;
}

/** Issue 45: what the dashboard groups an article's counts by, copied on each flush. */
export interface AnalyticsArticlesTable {
  article_id: number;
  title: string;
  author_id: number | null;
  category: string;
  published_at: string | null;
}

/** Issue 45: searches that found nothing, by their words and Swedish day. */
/** Issue 45: one row per article, its lifetime counts (migration 052). */
export interface AnalyticsTotalsTable {
  article_id: number;
  views: Generated<number>;
  engaged_seconds: Generated<number>;
}

/** Issue 45: the site's preset long top lists, ranked by a job (migration 055). */
export interface AnalyticsTopListsTable {
  days: number;
  rank: number;
  article_id: number;
  /** The last day of the ranked range (Swedish day): a list of another day is not used. */
  to_day: string;
  computed_at: string;
}

/** Issue 45: views per Swedish day, article (−1 the whole site) and referring domain (migration 052). */
export interface AnalyticsReferrersTable {
  day: string;
  article_id: number;
  domain: string;
  views: Generated<number>;
}

export interface AnalyticsSearchesTable {
  day: string;
  words: string;
  searches: number;
}

export interface Database {
  analytics_minutes: AnalyticsCountsTable;
  analytics_hours: AnalyticsCountsTable;
  analytics_days: AnalyticsCountsTable;
  /** The days added up per week (bucket: Monday's Swedish date). */
  analytics_weeks: AnalyticsCountsTable;
  analytics_totals: AnalyticsTotalsTable;
  analytics_top_lists: AnalyticsTopListsTable;
  analytics_referrers: AnalyticsReferrersTable;
  analytics_articles: AnalyticsArticlesTable;
  analytics_searches: AnalyticsSearchesTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  stripe_events: StripeEventsTable;
  metered_reads: MeteredReadsTable;
  gift_links: GiftLinksTable;
  revenue_snapshots: RevenueSnapshotsTable;
  offers: OffersTable;
  gift_subscriptions: GiftSubscriptionsTable;
  nuclides: NuclidesTable;
  nuclide_imports: NuclideImportsTable;
  comments: CommentsTable;
  comment_totals: CommentTotalsTable;
  notifications: NotificationsTable;
  role_requests: RoleRequestsTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  users: UsersTable;
  articles: ArticlesTable;
  article_slugs: ArticleSlugsTable;
  article_revisions: ArticleRevisionsTable;
  article_autosaves: ArticleAutosavesTable;
  staff_invitations: StaffInvitationsTable;
  fronts: FrontsTable;
  front_versions: FrontVersionsTable;
  front_schedules: FrontSchedulesTable;
  article_tags: ArticleTagsTable;
  article_authors: ArticleAuthorsTable;
  byline_invitations: BylineInvitationsTable;
  article_former_authors: ArticleFormerAuthorsTable;
  ads: AdsTable;
  contact_messages: ContactMessagesTable;
  tips: TipsTable;
  ad_inquiries: AdInquiriesTable;
  job_leases: JobLeasesTable;
  page_store: PageStoreTable;
  page_hot_keys: PageHotKeysTable;
  page_builds: PageBuildsTable;
  build_assets: BuildAssetsTable;
  event_outbox: EventOutboxTable;
  newsroom_settings: NewsroomSettingsTable;
  page_tag_changes: PageTagChangesTable;
  moderation_settings: ModerationSettingsTable;
  article_corrections: ArticleCorrectionsTable;
  article_correction_versions: ArticleCorrectionVersionsTable;
  dsa_notices: DsaNoticesTable;
  dsa_statements: DsaStatementsTable;
  reply_requests: ReplyRequestsTable;
  live_streams: LiveStreamsTable;
  live_entries: LiveEntriesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_sends: PushSendsTable;
  moderation_articles: ModerationArticlesTable;
  moderation_items: ModerationItemsTable;
  moderation_commenters: ModerationCommentersTable;
  moderation_reports: ModerationReportsTable;
  moderation_bans: ModerationBansTable;
  moderation_audit: ModerationAuditTable;
  moderation_fingerprints: ModerationFingerprintsTable;
  mail_outbox: MailOutboxTable;
  mail_settings: MailSettingsTable;
  account_tokens: AccountTokensTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_issues: NewsletterIssuesTable;
  notification_mail_prefs: NotificationMailPrefsTable;
  notification_mail_queue: NotificationMailQueueTable;
}
