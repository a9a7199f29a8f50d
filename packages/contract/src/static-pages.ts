/** Constants of the static pages and the fly cursor (spec 001 §2, §9). Browser-safe. */

/** Spec 001 §9: the advertising page's audience figures. */
export const AD_NEWSLETTER_OPEN_RATE_PERCENT = 45;
export const AD_AUDIENCE_GENDER_SPLIT = { women: 54, men: 46 } as const;

/** Spec 001 §2 and §9: the privacy policy's section count, date and age limit. */
export const PRIVACY_SECTION_COUNT = 11;
export const PRIVACY_LAST_UPDATED = 'Senast uppdaterad: 15 mars 2025';
export const PRIVACY_LAST_UPDATED_ISO = '2025-03-15';
export const PRIVACY_AGE_LIMIT = 13;

/** Spec 001 §2 and §9: the fly cursor is toggled with Ctrl+Alt+F and saved as `flyEnabled` (default off). */
export const FLY_STORAGE_KEY = 'flyEnabled';
export const FLY_SHORTCUT = { ctrl: true, alt: true, code: 'KeyF', label: 'Ctrl+Alt+F' } as const;
export const FLY_DEFAULT_ENABLED = false;

/**
 * Issue 43: the accessibility statement (/tillganglighet, lag 2018:1937 and the European
 * Accessibility Act). Its status, the date of the last review and the supervisory authority's form.
 */
export const ACCESSIBILITY_STATUS = 'delvis förenlig';
export const ACCESSIBILITY_REVIEWED = '29 november 2026';
export const ACCESSIBILITY_REVIEWED_ISO = '2026-11-29';
export const DIGG_REPORT_URL = 'https://www.digg.se/tdosanmalan';
