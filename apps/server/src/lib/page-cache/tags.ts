import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a page shows, as tags recorded per cache entry (decision 016). The page cache knows no
 * module's tags: each module names its own in its `page-tags.ts` (issue 39) and says there which of
 * its events drop (`evict`) or re-render (`stale`) the pages that carry them (`rules.ts`).
 */

/** A scoped invalidation: tags whose pages are dropped now, and tags whose pages re-render lazily. */
export interface Invalidation {
  evict: string[];
  stale: string[];
}

/** Everything, e.g. after an import or a change that every page shows. */
export type Change = Invalidation | 'all';

/**
 * Issue 46 (decision 051): the format of the tags pages carry. A new build serves the pages an
 * earlier build stored until it has rendered its own, and judges them by its own changes: a page
 * whose tags it would never name (a tag renamed, or one that means something else now) would be
 * served after what it shows changed. Bump this when a module renames a page tag or changes what one
 * covers: pages of builds with another format are then not served by this one.
 */
export const PAGE_TAGS_FORMAT = 1;

const tagSink = new AsyncLocalStorage<Set<string>>();

/** Records what the page being produced shows; a no-op outside a cached render. */
export function tagPage(...tags: string[]): void {
  const sink = tagSink.getStore();
  if (sink) for (const t of tags) sink.add(t);
}

/** Runs a render and returns what it recorded with `tagPage`. */
export async function withPageTags<T>(render: () => Promise<T>): Promise<{ result: T; tags: string[] }> {
  const sink = new Set<string>();
  const result = await tagSink.run(sink, render);
  return { result, tags: [...sink] };
}
