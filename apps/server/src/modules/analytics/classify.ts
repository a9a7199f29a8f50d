import type { DeviceClass, ReferrerKind } from '@vaggen/contract';

/**
 * Issue 45: what a page view is — which reader page, where its reader came from, on what kind of
 * device — read from the request and forgotten: nothing here keeps a header.
 */

/** A reader page the newsroom's statistics count (null for staff pages, tools, unknown paths). */
export type ReaderPage = { kind: 'article'; path: string } | { kind: 'page'; path: string };

const PAGE_PATTERNS = [
  /^\/$/,
  /^\/category\/[^/]{1,80}$/,
  /^\/tag\/[^/]{1,120}$/,
  /^\/skribent\/[^/]{1,120}$/,
  /^\/sok$/,
  /^\/rattelser$/,
  /^\/principer$/,
  /^\/prenumerera$/,
];
const ARTICLE = /^\/(article\/[^/]{1,190}|articles\/\d{1,10})$/;

/** The reader page a path is (without its query), with React Router's `.data` requests as their page. */
export function readerPage(rawPath: string): ReaderPage | null {
  let path = rawPath;
  const q = path.search(/[?#]/);
  if (q >= 0) path = path.slice(0, q);
  if (path === '/_root.data') path = '/';
  else if (path.endsWith('.data')) path = path.slice(0, -5);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (ARTICLE.test(path)) return { kind: 'article', path };
  if (path.length <= 200 && PAGE_PATTERNS.some((p) => p.test(path))) return { kind: 'page', path };
  return null;
}

/** An article page's id when its address names it (`/articles/12`). */
export function articleIdInPath(path: string): number | null {
  const m = /^\/articles\/(\d{1,10})$/.exec(path);
  const id = m ? Number(m[1]) : 0;
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export function deviceClass(ua: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(ua)) return 'mobile';
  return 'desktop';
}

const SEARCH_HOSTS = [
  'google.',
  'bing.com',
  'duckduckgo.com',
  'search.yahoo.',
  'ecosia.org',
  'startpage.com',
  'qwant.com',
  'yandex.',
  'baidu.com',
  'search.brave.com',
  'kagi.com',
];
const SOCIAL_HOSTS = [
  'facebook.com',
  'fb.com',
  'fb.me',
  'messenger.com',
  'instagram.com',
  'twitter.com',
  'x.com',
  't.co',
  'linkedin.com',
  'lnkd.in',
  'reddit.com',
  'tiktok.com',
  'youtube.com',
  'threads.net',
  'bsky.app',
  'mastodon.social',
  'pinterest.com',
  'snapchat.com',
  'whatsapp.com',
  't.me',
];
const MAIL_HOSTS = ['mail.google.com', 'outlook.live.com', 'outlook.office.com', 'mail.yahoo.com', 'webmail.'];

const onHost = (host: string, list: string[]) =>
  list.some((h) =>
    h.endsWith('.') ? host.startsWith(h) || host.includes(`.${h}`) : host === h || host.endsWith(`.${h}`),
  );

/**
 * Where a reader came from: campaign tags (`utm_*`, click ids) first, then the `Referer`'s host —
 * this site's own host is `internal`, none at all `direct`.
 */
export function referrerKind(referer: string | undefined, ownHost: string, tracking: string): ReferrerKind {
  if (tracking) {
    const t = new URLSearchParams(tracking);
    const medium = (t.get('utm_medium') ?? '').toLowerCase();
    const source = (t.get('utm_source') ?? '').toLowerCase();
    if (medium === 'push' || source === 'push') return 'push';
    if (/e-?mail|newsletter|nyhetsbrev/.test(medium) || /newsletter|nyhetsbrev|morgonbrevet/.test(source))
      return 'newsletter';
    if (/social/.test(medium) || t.has('fbclid') || t.has('twclid') || t.has('igshid') || t.has('ttclid'))
      return 'social';
    if (/cpc|ppc|search|organic/.test(medium) || t.has('gclid') || t.has('msclkid')) return 'search';
  }
  if (!referer) return 'direct';
  let host: string;
  try {
    host = new URL(referer).hostname.toLowerCase();
  } catch {
    return 'direct';
  }
  if (host === ownHost.toLowerCase().replace(/:\d+$/, '')) return 'internal';
  if (onHost(host, SEARCH_HOSTS)) return 'search';
  if (onHost(host, SOCIAL_HOSTS)) return 'social';
  if (onHost(host, MAIL_HOSTS)) return 'newsletter';
  return 'other';
}

/**
 * The other site a reader came from: the `Referer`'s host name without `www.` (no path, no query),
 * or null for none, this site, or an address that is no web page's.
 */
export function referrerDomain(referer: string | undefined, ownHost: string): string | null {
  if (!referer) return null;
  let host: string;
  try {
    const u = new URL(referer);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    host = u.hostname.toLowerCase();
  } catch {
    return null;
  }
  if (host === ownHost.toLowerCase().replace(/:\d+$/, '')) return null;
  host = host.replace(/^www\./, '');
  return host.length > 0 && host.length <= 100 && /^[a-z0-9.-]+$/.test(host) ? host : null;
}

/** The same-site page a `Referer` names (for conversions), or null. */
export function sameSitePath(referer: string | undefined, ownHost: string): string | null {
  if (!referer) return null;
  try {
    const u = new URL(referer);
    return u.hostname.toLowerCase() === ownHost.toLowerCase().replace(/:\d+$/, '') ? u.pathname : null;
  } catch {
    return null;
  }
}

/**
 * The article a conversion came from, by the `Referer` of its request (same site only): the article
 * page itself; or a page the article sent the reader to that says where it came from — the
 * registration wall's `/register?redirectTo=/article/<slug>` (and the login that follows it), the
 * paywall's `/prenumerera?artikel=<id>`. Anything else: null.
 */
export function conversionOrigin(
  referer: string | undefined,
  ownHost: string,
): { path: string } | { articleId: number } | null {
  if (!referer) return null;
  let u: URL;
  try {
    u = new URL(referer);
  } catch {
    return null;
  }
  if (u.hostname.toLowerCase() !== ownHost.toLowerCase().replace(/:\d+$/, '')) return null;
  if (readerPage(u.pathname)?.kind === 'article') return { path: u.pathname };
  const back = u.searchParams.get('redirectTo');
  if (back?.startsWith('/') && !back.startsWith('//')) {
    const path = back.split(/[?#]/)[0] ?? '';
    if (readerPage(path)?.kind === 'article') return { path };
  }
  const id = u.searchParams.get('artikel');
  if (id && /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647) return { articleId: Number(id) };
  return null;
}

/** The words of a search as counted: lower case, single spaces, at most 100 characters. */
export function searchWords(q: string): string {
  return q.toLocaleLowerCase('sv-SE').replace(/\s+/g, ' ').trim().slice(0, 100);
}
