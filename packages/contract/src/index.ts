// Browser-safe entry: constants, messages, helpers and types only (no zod at runtime, so the
// reader's JavaScript stays small). The zod schemas live in '@vaggen/contract/schemas'.

export type { Ad } from './ads-schemas.js';
export * from './analytics.js';
export type {
  AnalyticsEvent,
  AnalyticsRealtime,
  ArticleStats,
  ArticleStatsQuery,
  ArticleTotals,
  ReferrerDomain,
  ReferrerDomainsQuery,
  TimeseriesPoint,
  TimeseriesQuery,
} from './analytics-schemas.js';
export * from './api-tokens.js';
export * from './articles.js';
export type {
  Article,
  ArticleAuthor,
  ArticleInput,
  ArticleInputBody,
  ArticleListQuery,
  ArticleRevision,
  ArticleRevisionSummary,
  ArticleSummary,
  BylineInvitation,
  BylineInvitationPage,
  NewsroomArticle,
  NewsroomListQuery,
} from './articles-schemas.js';
export * from './articles-texts.js';
export * from './auth.js';
export type {
  EmailVerificationState,
  ForgotPassword,
  LoginResponse,
  ResetPassword,
  VerifyEmail,
} from './auth-schemas.js';
export * from './autosave.js';
export type { Autosave, AutosaveDraft, AutosaveInput } from './autosave-schemas.js';
export * from './categories.js';
export * from './comments.js';
export type { Comment, CommentInput, CommentPage, CommentRepliesPage, ModerationReason } from './comments-schemas.js';
export * from './constants.js';
export * from './content.js';
export * from './corrections.js';
export type {
  ArticleCorrection,
  Correction,
  CorrectionHistory,
  CorrectionInput,
  CorrectionPage,
} from './corrections-schemas.js';
export * from './dates.js';
export * from './dsa.js';
export type {
  DsaAppealPage,
  DsaNotice,
  DsaNoticeInput,
  DsaNoticePage,
  DsaReceipt,
  DsaStatement,
  TransparencyReport,
} from './dsa-schemas.js';
export type { ApiError } from './errors.js';
export * from './format.js';
export * from './fronts.js';
export type {
  Front,
  FrontBoard,
  FrontInput,
  FrontOverview,
  FrontSchedule,
  FrontScheduleInput,
  FrontSlot,
  FrontSlotInput,
  FrontVersion,
  StoredFrontSlot,
} from './fronts-schemas.js';
export * from './inbox.js';
export type { AdInquiry, ContactMessage, InboxItem, InboxList, Tip } from './inbox-schemas.js';
export * from './live.js';
export type { LiveEntry, LiveEntryInput, LiveEntryPage, LiveEntryUpdate } from './live-schemas.js';
export * from './mail.js';
export type { MailSettings, MailStatus } from './mail-schemas.js';
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
export * from './newsletter.js';
export type {
  NewsletterIssue,
  NewsletterMessage,
  NewsletterOverview,
  NewsletterSubscribe,
  NewsletterSubscriber,
  NewsletterSubscriberPage,
} from './newsletter-schemas.js';
export * from './notifications.js';
export type {
  Notification,
  NotificationMailPrefs,
  NotificationMailPrefUpdate,
} from './notifications-schemas.js';
export * from './permissions.js';
export * from './privacy.js';
export type {
  AccountDelete,
  ExportAccount,
  ExportApiToken,
  ExportArticle,
  ExportBan,
  ExportComment,
  ExportLiveEntry,
  ExportNotification,
  ExportReport,
  ExportRoleRequest,
  ExportSession,
  PersonalDataExport,
} from './privacy-schemas.js';
export * from './privacy-storage.js';
export * from './push.js';
export type { PushSend, PushSubscriptionJson } from './push-schemas.js';
export type * from './reader.js';
export * from './reader-links.js';
export * from './replies.js';
export type { ArticleReplyLinks, ReplyCase, ReplyCasePage, ReplyDecision, ReplyInput } from './replies-schemas.js';
export * from './revenue.js';
export type {
  CheckoutInput,
  ComplimentaryInput,
  Gift,
  GiftAdminPage,
  GiftAdminRow,
  GiftCheckoutInput,
  GiftLink,
  GiftPreview,
  Meter,
  Offer,
  OfferInput,
  OfferQuote,
  Plan,
  PlanInput,
  RevenueDay,
  RevenueHistory,
  RevenueSummary,
  SubscriberPage,
  SubscriberRow,
  Subscription,
} from './revenue-schemas.js';
export * from './review.js';
export type { ReviewDecisionInput, ReviewPolicy, ReviewQueuePage } from './review-schemas.js';
export * from './role-requests.js';
export type { RoleRequest } from './role-requests-schemas.js';
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
export * from './settings.js';
export type { NewsroomSettings, NewsroomSettingsUpdate } from './settings-schemas.js';
export * from './solar-system.js';
export type { CelestialBody, Moon, SolarSystemResponse } from './solar-system-schemas.js';
export * from './staff-invitations.js';
export type {
  StaffInvitation,
  StaffInvitationInput,
  StaffInvitationPreview,
} from './staff-invitations-schemas.js';
export * from './static-pages.js';
export * from './stockholm.js';
export * from './text.js';
export type { TickerItem, TickerResponse } from './ticker-schemas.js';
export * from './translate.js';
export * from './users.js';
export type { ProfileUpdate, User } from './users-schemas.js';
