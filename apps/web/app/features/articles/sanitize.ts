import type { Config } from 'dompurify';
import { isHydrated } from '../../lib/hydration';

type Purify = typeof import('dompurify').default;

let purify: Purify | null = null;
let loading: Promise<void> | null = null;

const CONFIG: Config = {
  FORBID_TAGS: ['script', 'iframe', 'object', 'embed', 'form', 'style'],
  FORBID_ATTR: ['style'],
};

/**
 * DOMPurify (11 KB gzipped) is fetched only when the browser renders an article body itself
 * (issue 20): a client navigation to an article, or the newsroom preview. A server-rendered
 * article keeps the server's cleaned HTML through hydration (React never replaces
 * `dangerouslySetInnerHTML` while hydrating), so the first load needs no second cleaner.
 */
export function loadArticleSanitizer(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  loading ??= import('dompurify').then((m) => {
    purify = m.default;
  });
  return loading;
}

export const articleSanitizerReady = () => purify !== null;

/** The browser's second cleaning (spec 000 §5); the HTML unchanged when DOMPurify cannot run here. */
export function sanitizeArticleHtml(html: string): string {
  if (!purify?.isSupported) return html;
  return purify.sanitize(html, CONFIG);
}

// This module is evaluated before hydration on an article's first load (nothing to fetch then), or
// when the reader first navigates to an article in the browser: start fetching the cleaner at once,
// beside the page's data, instead of when the body renders.
if (isHydrated()) void loadArticleSanitizer();
