import { PUSH_BATCH, PUSH_MSG, type PushSend, type PushSubscriptionJson, type User } from '@vaggen/contract';
import webpush from 'web-push';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import type { VapidKeys } from '../../lib/vapid.js';
import type { ArticlesService } from '../articles/service.js';
import type { LiveService } from '../live/service.js';

export interface PushDeps {
  db: Db;
  articles: ArticlesService;
  live: LiveService;
  keys: VapidKeys;
  /** VAPID's contact (`mailto:` or the site's address). */
  subject: string;
  /** The minimum minutes between two sends (the paper's setting). */
  minIntervalMinutes: () => Promise<number>;
  siteUrl: string;
  /** Tests send to a local push service over http. */
  allowHttp: boolean;
}

/**
 * Issue 44: breaking-news push. Readers subscribe anonymously (a PushSubscription); an admin sends a
 * push for an article or a live entry — at most one per the paper's interval — which only queues
 * it: the `push-send` job delivers it in batches, encrypted (aes128gcm) and signed with VAPID, and
 * deletes every subscription the push service says is gone (404/410).
 */
export class PushService {
  constructor(private readonly deps: PushDeps) {}

  publicKey(): string {
    return this.deps.keys.publicKey;
  }

  async subscribe(sub: PushSubscriptionJson): Promise<void> {
    const u = new URL(sub.endpoint);
    if (u.protocol !== 'https:' && !(this.deps.allowHttp && u.protocol === 'http:'))
      throw httpError(400, PUSH_MSG.badSubscription);
    const row = { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
    try {
      await this.deps.db
        .insertInto('push_subscriptions')
        .values({ ...row, created_at: nowIso() })
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ p256dh: row.p256dh, auth: row.auth }))
        .execute();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }

  async unsubscribe(endpoint: string): Promise<boolean> {
    const res = await this.deps.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  async count(): Promise<number> {
    const row = await this.deps.db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** When the next send is allowed (null: now). */
  async nextAllowedAt(now = Date.now()): Promise<string | null> {
    const minutes = await this.deps.minIntervalMinutes();
    if (minutes <= 0) return null;
    const last = await this.deps.db
      .selectFrom('push_sends')
      .select('created_at')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last) return null;
    const next = Date.parse(last.created_at) + minutes * 60_000;
    return next > now ? new Date(next).toISOString() : null;
  }

  /** Queues a push (admin); 429 within the interval. The job sends it. */
  async send(input: PushSend, actor: User): Promise<{ id: number; recipients: number; msg: string }> {
    const article = await this.deps.articles.getById(input.articleId);
    if (!article) throw httpError(404, PUSH_MSG.articleNotFound);
    let url = `${this.deps.siteUrl}/article/${article.slug}`;
    if (input.entryId !== undefined) {
      if (!(await this.deps.live.hasEntry(article.id, input.entryId))) throw httpError(404, PUSH_MSG.entryNotFound);
      url += `#inlagg-${input.entryId}`;
    }
    const next = await this.nextAllowedAt();
    if (next) {
      const minutes = await this.deps.minIntervalMinutes();
      throw tooManyRequests(PUSH_MSG.tooSoon(minutes), Date.parse(next) - Date.now(), 1);
    }
    const row = await this.deps.db
      .insertInto('push_sends')
      .values({
        article_id: article.id,
        entry_id: input.entryId ?? null,
        title: input.title,
        body: input.body,
        url,
        created_at: nowIso(),
        created_by: actor.id,
        cursor: 0,
        done_at: null,
        sent: 0,
        gone: 0,
        failed: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recipients = await this.count();
    return { id: Number(row.id), recipients, msg: PUSH_MSG.queued(recipients) };
  }

  /** The job: every queued send, batch by batch from where it stopped. */
  async deliverDue(signal?: AbortSignal): Promise<{ sent: number; gone: number; failed: number }> {
    const total = { sent: 0, gone: 0, failed: 0 };
    const sends = await this.deps.db
      .selectFrom('push_sends')
      .selectAll()
      .where('done_at', 'is', null)
      .orderBy('id')
      .limit(10)
      .execute();
    for (const send of sends) {
      let cursor = Number(send.cursor);
      const payload = JSON.stringify({ title: send.title, body: send.body, url: send.url });
      for (;;) {
        if (signal?.aborted) return total;
        const subs = await this.deps.db
          .selectFrom('push_subscriptions')
          .selectAll()
          .where('id', '>', cursor)
          .orderBy('id')
          .limit(PUSH_BATCH)
          .execute();
        const counts = { sent: 0, gone: 0, failed: 0 };
        await Promise.all(
          subs.map(async (s) => {
            try {
              // web-push encrypts (aes128gcm) and signs (VAPID); the request goes out through fetch
              const req = webpush.generateRequestDetails(
                { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
                payload,
                {
                  vapidDetails: { subject: this.deps.subject, ...this.deps.keys },
                  TTL: 6 * 3600,
                  contentEncoding: 'aes128gcm',
                  urgency: 'high',
                },
              );
              const res = await fetch(req.endpoint, {
                method: req.method,
                headers: req.headers as Record<string, string>,
                body: req.body ?? undefined,
                signal: AbortSignal.timeout(10_000),
                redirect: 'error',
              });
              await res.body?.cancel();
              if (res.ok) counts.sent++;
              else if (res.status === 404 || res.status === 410) {
                await this.deps.db.deleteFrom('push_subscriptions').where('id', '=', s.id).execute();
                counts.gone++;
              } else counts.failed++;
            } catch {
              counts.failed++; // unreachable: tried with the next push, never deleted for it
            }
          }),
        );
        cursor = subs.length ? Number(subs[subs.length - 1]?.id) : cursor;
        const done = subs.length < PUSH_BATCH;
        await this.deps.db
          .updateTable('push_sends')
          .set((eb) => ({
            cursor,
            sent: eb('sent', '+', counts.sent),
            gone: eb('gone', '+', counts.gone),
            failed: eb('failed', '+', counts.failed),
            ...(done ? { done_at: nowIso() } : {}),
          }))
          .where('id', '=', send.id)
          .execute();
        total.sent += counts.sent;
        total.gone += counts.gone;
        total.failed += counts.failed;
        if (done) break;
      }
    }
    return total;
  }
}
