/** Business constants of spec 000 §9 and spec 001 §9. One home for every number the UI or server uses. */
export const MOBILE_BREAKPOINT_PX = 480;

export const ARTICLES_DEFAULT_LIMIT = 20;
export const ARTICLES_MAX_LIMIT = 100;
/** Articles on one page of the home and category lists. */
export const HOME_PAGE_SIZE = 30;

export const SIDEBAR_LATEST_COUNT = 3; // SENASTE NYTT
export const SIDEBAR_NEXT_COUNT = 3; // SENASTE
export const HOTTEST_COUNT = 5;
export const HOTTEST_DAYS = 7;
export const RELATED_DEFAULT_COUNT = 3;
export const RELATED_ARTICLE_PAGE_COUNT = 2;

export const MOBILE_GROUP_SIZE = 3;
export const MOBILE_GROUP_COUNT = 7;
/** Items after the grouped part start here (7 groups × 3). */
export const MOBILE_REST_FROM = 21;

export const TICKER_LIMIT = 15;
export const TICKER_PX_PER_FRAME = 0.5;
export const TICKER_START_DELAY_MS = 1000;
export const TICKER_UPSTREAM_TIMEOUT_MS = 3000;
export const TICKER_CACHE_MS = 5 * 60 * 1000;

export const ADS_DEFAULT_LIMIT = 1;
export const ADS_MAX_LIMIT = 10;
/** Spec 000 §9 ad choice: atom model 20 % at ad level, 90 % inside; second sidebar ad forces atom at 50 %. */
export const AD_ATOM_CHANCE = 0.2;
export const AD_ATOM_INNER_CHANCE = 0.9;
export const AD_SECOND_SIDEBAR_ATOM_CHANCE = 0.5;
export const ELEMENT_COUNT = 118;

export const AVATAR_DEFAULT_SIZE = 96;
export const AVATAR_COMMENT_SIZE = 42;
export const AVATAR_BYLINE_SIZE = 32;

export const SUCCESS_MESSAGE_MS = 5000;
export const COMMENT_DEPTH_FLAG = 5;

export const UNREAD_REFRESH_MS = 30_000;
export const UNREAD_RETRIES = 3;
export const UNREAD_RETRY_DELAY_MS = 1000;
export const BADGE_MAX = 9;
export const NOTIFICATION_DROPDOWN_LIMIT = 10;
export const NOTIFICATION_DEFAULT_LIMIT = 50;
export const NOTIFICATION_ADMIN_PANEL_LIMIT = 20;
export const NOTIFICATION_PAGE_LIMIT = 100;
export const ADMIN_PANEL_REFETCH_MS = 60_000;

export const PASSWORD_MIN_LENGTH = 8;
export const REGISTER_REDIRECT_MS = 2000;
export const INFO_MESSAGE_MS = 3000;
export const USERS_CACHE_MS = 5 * 60 * 1000;

export const SITE_NAME = 'Väggen';
export const TAGLINE = 'På en vägg nära dig';
export const COPYRIGHT = '© 2025 Väggen Media AB. Alla rättigheter förbehållna.';

/** Widths stored for every uploaded or generated image; the largest is the main file. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

export const AD_TYPES = ['square', 'banner'] as const;
export type AdType = (typeof AD_TYPES)[number];

/** Largest accepted image upload. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const TITLE_MAX = 300;
export const CONTENT_MAX = 200_000;

/** Issue 41: further newest articles the sidebar carries, to fill in what the list beside already shows. */
export const SIDEBAR_MORE_COUNT = 12;
