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

/**
 * The request URL (path and query) without tracking parameters; the other parameters keep their
 * order and exact spelling, and a query left empty goes with its `?`.
 */
export function withoutTracking(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const kept = url
    .slice(q + 1)
    .split('&')
    .filter((part) => {
      if (part === '') return false;
      const eq = part.indexOf('=');
      const raw = (eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, ' ');
      let name: string;
      try {
        name = decodeURIComponent(raw);
      } catch {
        return true;
      }
      return !isTracking(name.toLowerCase());
    });
  return kept.length === 0 ? url.slice(0, q) : `${url.slice(0, q)}?${kept.join('&')}`;
}
