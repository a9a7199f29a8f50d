/**
 * Query parameters that only tell the reader's analytics where a link was shared (campaign tags,
 * click ids of ad and social networks). No page reads them, so a page is rendered and cached as if
 * they were not there: a link shared on social media (each click with its own `fbclid`) is then
 * the same page as the article's own address, served from the cache and the page store, not a
 * render per click (issue 13). The browser keeps the full address, so analytics still see them.
 */
const TRACKING = new Set([
  'fbclid',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'yclid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
]);

const isTracking = (name: string) => name.startsWith('utm_') || TRACKING.has(name);

const tracked = (part: string): boolean => {
  const eq = part.indexOf('=');
  const raw = (eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, ' ');
  try {
    return isTracking(decodeURIComponent(raw).toLowerCase());
  } catch {
    return false;
  }
};

/**
 * The request URL (path and query) split into the page's address — without tracking parameters,
 * the others in their order and exact spelling, no `?` when none is left — and the tracking
 * parameters it had (`utm_source=x&fbclid=y`, or '').
 */
export function splitTracking(url: string): { page: string; tracking: string } {
  const q = url.indexOf('?');
  if (q < 0) return { page: url, tracking: '' };
  const kept: string[] = [];
  const tracking: string[] = [];
  for (const part of url.slice(q + 1).split('&')) {
    if (part !== '') (tracked(part) ? tracking : kept).push(part);
  }
  return {
    page: kept.length === 0 ? url.slice(0, q) : `${url.slice(0, q)}?${kept.join('&')}`,
    tracking: tracking.join('&'),
  };
}

/**
 * A redirect's target with the request's tracking parameters added: a shared link to a renamed
 * article (its old slug) still tells analytics where the reader came from.
 */
export function withTracking(location: string, tracking: string): string {
  if (!tracking) return location;
  const hash = location.indexOf('#');
  const [base, fragment] = hash < 0 ? [location, ''] : [location.slice(0, hash), location.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}${tracking}${fragment}`;
}
