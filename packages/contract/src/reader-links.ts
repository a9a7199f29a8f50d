/**
 * Issue 43: the addresses reader pages link to for trust and the law, in a module of their own so
 * that a reader page that only links there does not load the texts of those pages (each module a
 * page imports goes whole into its JavaScript).
 */
export const CORRECTIONS_PATH = '/rattelser';
export const CORRECTIONS_FEED_PATH = '/rss/rattelser.xml';
/** The heading of the box at the top of a corrected article. */
export const CORRECTION_BOX_TITLE = 'Rättelse';
export const DSA_NOTICE_PATH = '/anmal-olagligt-innehall';
export const DSA_APPEAL_PATH = '/overklaga';
export const DSA_TRANSPARENCY_PATH = '/transparensrapport';
export const REPLY_PATH = '/genmale';
