import type { ClusterBus } from '../cluster-bus.js';
import type { PageCache } from './cache.js';
import type { Change } from './tags.js';

/** The bus topic of page changes (the channel every version of Väggen has used). */
export const PAGE_TOPIC = 'content-changed';

/**
 * Several processes: a content change anywhere reaches every process's page cache (the same tags,
 * or everything). While the bus may have lost messages (Redis away) no page lives over 10 s here;
 * when it is back, every process starts afresh and says so.
 */
export function linkPageCacheToCluster(cache: PageCache, bus: ClusterBus): void {
  cache.onInvalidate((change) => bus.publish(PAGE_TOPIC, change));
  bus.subscribe(PAGE_TOPIC, (change) => cache.applyLocal(change as Change));
  bus.onMissed((why) => {
    cache.applyLocal('all');
    if (why === 'back') bus.publish(PAGE_TOPIC, 'all');
  });
}
