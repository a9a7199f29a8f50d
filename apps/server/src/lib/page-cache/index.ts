/**
 * The anonymous page cache (decisions 002, 016, 040; issue 39): a memory tier over a store in the
 * database, one render per missing page, compression variants, replies with ETag and 304. Generic:
 * modules name their tags and the events that change them (`modules/<m>/page-tags.ts`).
 */

export { assetBody, BuildAssets, type KeptAsset } from './build-assets.js';
export {
  type CachedPage,
  type FetchOptions,
  PageCache,
  type PageCacheOptions,
  type PageState,
  type RenderedPage,
  type RenderResult,
} from './cache.js';
export { linkPageCacheToCluster } from './cluster.js';
export { HOT_PAGES_SAVE_MS, HotPages, type HotPagesOptions } from './hot.js';
export { PUBLIC_API_CACHE_CONTROL, sendNoStoreJson, sendPage, sendPublicJson } from './reply.js';
export { type PageRule, type PageRules, pageRule, subscribePageRules } from './rules.js';
export { PAGE_STORE_CLOCK_MARGIN_MS, PAGE_STORE_MAX_KEY, PageStore, pageBuildId, type StoredPage } from './store.js';
export { type Change, type Invalidation, PAGE_TAGS_FORMAT, tagPage, withPageTags } from './tags.js';
