// Browser-safe entry: constants, messages, helpers and types only (no zod at runtime, so the
// reader's JavaScript stays small). The zod schemas live in '@vaggen/contract/schemas'.

export * from './accounts.js';
export type { LoginResponse, ProfileUpdate, User } from './accounts-schemas.js';
export type { Ad } from './ads.js';
export type {
  Article,
  ArticleAuthor,
  ArticleInput,
  ArticleInputBody,
  ArticleListQuery,
  ArticleRevision,
  ArticleSummary,
} from './articles.js';
export * from './categories.js';
export * from './constants.js';
export * from './content.js';
export * from './conversation.js';
export type {
  Comment,
  CommentInput,
  CommentPage,
  CommentRepliesPage,
  ModerationReason,
  Notification,
  RoleRequest,
} from './conversation-schemas.js';
export type { ApiError } from './errors.js';
export * from './format.js';
export * from './inbox.js';
export type { AdInquiry, ContactMessage, InboxItem, InboxList, Tip } from './inbox-schemas.js';
export * from './media.js';
export * from './messages.js';
export * from './moderation.js';
export type {
  ArticleModeration,
  ArticleModerationInput,
  AuditEntry,
  AuditPage,
  Ban,
  BanInput,
  BanPage,
  BulkInput,
  BulkResult,
  Commenter,
  ModerationResult,
  ModerationSettings,
  ModerationSettingsInput,
  QueueCount,
  QueueItem,
  QueuePage,
  QueueQuery,
  QueueQueryInput,
  RejectCommentInput,
  ReportInput,
  ReportSummary,
  WordEntry,
} from './moderation-schemas.js';
export * from './newsroom.js';
export * from './permissions.js';
export type * from './reader.js';
export * from './science.js';
export type {
  DecayModeEntry,
  Element,
  ElementSymbolResponse,
  Isotope,
  IsotopesResponse,
  NuclideSource,
  PeriodicTableResponse,
} from './science-schemas.js';
export * from './search.js';
export type { SearchHit, SearchQuery, SearchResult } from './search-schemas.js';
export * from './solar-system.js';
export type { CelestialBody, Moon, SolarSystemResponse } from './solar-system-schemas.js';
export * from './static-pages.js';
export type { TickerItem, TickerResponse } from './ticker.js';
export * from './translate.js';
