import type { DomainEvents, EventType } from '../events/domain-events.js';
import type { PageCache } from './cache.js';

/**
 * Which pages an event reaches (issue 39): the tags whose pages are dropped at once (`evict`) and
 * those served once more while they re-render (`stale`). Each module declares its rules in its
 * `page-tags.ts`, next to its tags and events; the cache itself knows no module.
 */
export interface PageRule<P> {
  on: EventType<P>;
  evict?: (payload: P) => string[];
  stale?: (payload: P) => string[];
}

/** A module's page rules, named by the module (the handler's name in the event map says whose they are). */
export interface PageRules {
  owner: string;
  // biome-ignore lint/suspicious/noExplicitAny: each rule keeps its own event's payload type
  rules: PageRule<any>[];
}

export function pageRule<P>(on: EventType<P>, tags: Omit<PageRule<P>, 'on'>): PageRule<P> {
  return { on, ...tags };
}

/**
 * Subscribes the cache to every module's rules: one after-commit handler per event, merging what
 * all the modules say of it into one invalidation (one store write and one message to the other
 * processes per event, whatever the number of modules).
 */
export function subscribePageRules(events: DomainEvents, cache: PageCache, all: PageRules[]): void {
  type Entry = { on: EventType<unknown>; owners: string[]; rules: PageRule<unknown>[] };
  const byEvent = new Map<string, Entry>();
  for (const { owner, rules } of all) {
    for (const rule of rules) {
      const entry: Entry = byEvent.get(rule.on.eventName) ?? { on: rule.on, owners: [], rules: [] };
      if (!entry.owners.includes(owner)) entry.owners.push(owner);
      entry.rules.push(rule);
      byEvent.set(rule.on.eventName, entry);
    }
  }
  for (const { on, owners, rules } of byEvent.values()) {
    events.afterCommit(on, `page cache: ${owners.join(', ')}`, async (payload) => {
      const evict = new Set<string>();
      const stale = new Set<string>();
      for (const r of rules) {
        for (const t of r.evict?.(payload) ?? []) evict.add(t);
        for (const t of r.stale?.(payload) ?? []) stale.add(t);
      }
      for (const t of evict) stale.delete(t);
      if (evict.size || stale.size) cache.invalidate({ evict: [...evict], stale: [...stale] });
    });
  }
}
