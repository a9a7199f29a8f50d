import type { DomainEvents } from '../lib/events/domain-events.js';
import { READY_TOP_EVERY_MS } from '../modules/analytics/service.js';
import type { Services } from '../services.js';
import type { Job } from './runner.js';

export { type Job, JobRunner, type JobRunnerOptions } from './runner.js';

const HOUR = 3600_000;
/** Scheduled articles go live within this (plus the run itself) of their time: well inside 60 s. */
export const SCHEDULED_PUBLISH_EVERY_MS = 30_000;
/** Below the runner's tick (15 s), so the sender runs on every tick of the process holding its lease. */
export const MAIL_SEND_EVERY_MS = 10_000;

/**
 * Every periodic job of the server, in one list. Add a job here (with its work in its module's
 * service) and it runs at start and on its interval; see docs/architecture.md "Adding a background job".
 */
/** Work that the composition builds beside the services (the page backfill needs the server itself). */
export interface ExtraJobs {
  /** The page backfill's shards, in order (decision 040). */
  pageBackfill?: { run(signal: AbortSignal): Promise<string | undefined> }[];
  /** The domain events' outbox (decision 046). */
  events?: DomainEvents;
}

export function createJobs(s: Services, extra: ExtraJobs = {}): Job[] {
  const { pageBackfill, events } = extra;
  return [
    // Issue 39 (decision 046): after-commit effects that a crash or a failure left in the outbox
    // (page invalidation, notifications' follow-ups, readership, …) run here, on one process.
    ...(events
      ? [
          {
            name: 'event-outbox',
            everyMs: 5_000,
            // beside the other jobs (a burst must not hold up the scheduler), its lease free after
            // each run: after a crash any process takes it at once (rows are claimed one by one)
            group: 'event-outbox',
            run: async (_now: Date, signal: AbortSignal) => {
              const n = await events.deliverDue(signal);
              return n > 0 ? `events: ran what the outbox held (${n})` : undefined;
            },
          },
        ]
      : []),
    {
      // Issue 42: Stripe's webhook events, stored as they came, applied here (a burst of renewals
      // never holds up a reader's request); each event once across processes.
      name: 'stripe-events',
      everyMs: 5_000,
      group: 'stripe-events',
      run: async () => {
        const n = await s.revenue.processStripeEvents();
        return n > 0 ? `stripe: applied events (${n})` : undefined;
      },
    },
    {
      // Issue 42: the revenue figures of the day (MRR, counts by status) for the newsroom's chart.
      // Due hourly; the Swedish day's row is written once (its key is the day, a second insert does
      // nothing), so any process, a restart or a rerun leaves the day as first measured.
      name: 'revenue-snapshot',
      everyMs: HOUR,
      run: async (now) => {
        const day = await s.revenue.snapshotDue(now);
        return day ? `revenue: measured ${day}` : undefined;
      },
    },
    {
      // Articles stored before the search index existed (migration 010) get their entries; later
      // writes index themselves. Daily for the cluster, so a fresh deploy runs it at start.
      name: 'search-backfill',
      everyMs: 24 * HOUR,
      run: async (_now, signal) => {
        const n = await s.search.indexMissing(500, signal);
        return n > 0 ? `search: indexed articles stored before the index (${n})` : undefined;
      },
    },
    {
      // Issue 45: the site's 30-, 90- and 365-day rankings kept ready for the dashboard (migration 055)
      name: 'analytics-top-lists',
      everyMs: READY_TOP_EVERY_MS,
      run: async (now) => {
        await s.analytics.rankTopLists(now.getTime());
        return undefined;
      },
    },
    {
      // Issue 45: analytics retention — minutes after 48 h, hours after 90 days (days are kept).
      // Each process writes its own counts itself (AnalyticsService.start), not through this job.
      name: 'analytics-retention',
      everyMs: HOUR,
      run: async (now) => {
        const r = await s.analytics.purge(now.getTime());
        return r.minutes + r.hours + r.searches > 0
          ? `analytics: dropped ${r.minutes} minute rows, ${r.hours} hour rows, ${r.searches} search rows past retention`
          : undefined;
      },
    },
    {
      // Issue 14: scheduled articles whose time has come go live — exactly once across processes
      // (one conditional UPDATE), and at start for whatever fell due while the server was down.
      name: 'scheduled-publish',
      everyMs: SCHEDULED_PUBLISH_EVERY_MS,
      run: async (now) => {
        const live = await s.articles.publishDue(now);
        return live.length ? `published scheduled articles: ${live.map((a) => a.id).join(', ')}` : undefined;
      },
    },
    {
      // Issue 41: scheduled front-page changes whose time has come, each applied exactly once (its
      // row is claimed in the applying transaction), and at start for what fell due while down.
      name: 'fronts-scheduled',
      everyMs: SCHEDULED_PUBLISH_EVERY_MS,
      run: async (now) => {
        const applied = await s.fronts.applyDue(now);
        return applied.length ? `fronts: applied scheduled changes ${applied.map((a) => a.id).join(', ')}` : undefined;
      },
    },
    {
      // Issue 16: fingerprints of comment texts older than the repeated-text window (7 days) go.
      name: 'moderation-fingerprint-purge',
      everyMs: 6 * HOUR,
      run: async (now) => {
        const n = await s.moderation.purgeFingerprints(now);
        return n > 0 ? `moderation: removed old text fingerprints (${n})` : undefined;
      },
    },
    {
      // Issue 21: queued mail leaves (retries with backoff, decision 026). Every tick; `enqueue` also
      // nudges its own process, so a mail normally goes out within a second of being queued.
      name: 'mail-send',
      everyMs: MAIL_SEND_EVERY_MS,
      run: async (now, signal) => {
        const r = await s.mail.deliverDue(now, signal);
        return r.sent + r.retried + r.failed > 0
          ? `mail: sent ${r.sent}, to retry ${r.retried}, given up ${r.failed}`
          : undefined;
      },
    },
    {
      // Issue 44: breaking-news pushes the newsroom queued, in batches (a restart continues a send).
      name: 'push-send',
      everyMs: 2_000,
      run: async (_now, signal) => {
        const r = await s.push.deliverDue(signal);
        return r.sent + r.gone + r.failed > 0 ? `push: sent ${r.sent}, gone ${r.gone}, failed ${r.failed}` : undefined;
      },
    },
    {
      // Issue 21: the outbox keeps sent and given-up mails MAIL_RETENTION_DAYS (the admins' send log).
      name: 'mail-purge',
      everyMs: 6 * HOUR,
      run: async (now, signal) => {
        const n = await s.mail.purgeOld(now, signal);
        return n > 0 ? `mail: removed sent mails past the retention time (${n})` : undefined;
      },
    },
    {
      // Issue 21: e-mail copies of notifications, one mail per person and kind per 15 minutes.
      name: 'notification-mail',
      everyMs: 60_000,
      run: async (now, signal) => {
        const n = await s.notificationMail.deliverDue(now, signal);
        return n > 0 ? `notification mail: queued ${n}` : undefined;
      },
    },
    {
      // Issue 21: Morgonbrevet at 07:00 Europe/Stockholm, once per day across processes (the
      // day's issue row is written before any mail is queued); a restart after 07:00 catches up.
      name: 'newsletter-send',
      everyMs: 60_000,
      run: async (now, signal) => {
        const r = await s.newsletter.sendDue(now, signal);
        const purged = await s.newsletter.purgeUnconfirmed(now);
        const lines = [
          ...(r.queued > 0 ? [`newsletter ${r.day}: queued ${r.queued}`] : []),
          ...(purged > 0 ? [`newsletter: forgot unconfirmed addresses (${purged})`] : []),
        ];
        return lines.length ? lines.join('; ') : undefined;
      },
    },
    // Issue 13 (decision 040): article pages rendered into the shared store ahead of readers, newest
    // first, only while no reader's render waits, beside the other jobs (a run lasts up to 5
    // minutes); due on every tick until the paper is done, then after a rest. One job per shard
    // (a group): several processes render different shards at once.
    ...(pageBackfill ?? []).map((shard, i, all) => ({
      name: all.length === 1 ? 'page-backfill' : `page-backfill-${i + 1}of${all.length}`,
      everyMs: 0,
      group: 'page-backfill',
      run: (_now: Date, signal: AbortSignal) => shard.run(signal),
    })),
    {
      // Expired sessions are refused when presented; this removes the ones never presented again.
      name: 'session-purge',
      everyMs: HOUR,
      run: async () => {
        await s.auth.purgeExpired();
        return undefined;
      },
    },
    {
      // Retention: handled inbox items are deleted INBOX_RETENTION_DAYS after handling (privacy policy §7).
      name: 'inbox-purge',
      everyMs: 6 * HOUR,
      run: async (now) => {
        const deleted = await s.inbox.purgeHandled(now.getTime());
        return deleted > 0 ? `inbox: deleted handled items past the retention time (${deleted})` : undefined;
      },
    },
  ];
}
