import type { SubscriptionStatus } from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { mrrNow } from './history.js';
import { toSubscription } from './subscriptions.js';

export const SUBSCRIBERS_PAGE = 50;
/** Bound on the rows a CSV export reads (in pages of 1000). */
const CSV_MAX = 200_000;

export interface SubscriberRow {
  id: number;
  user_id: number;
  username: string;
  plan_name: string;
  status: SubscriptionStatus;
  has_access: boolean;
  source: string;
  interval: string | null;
  current_period_end: string | null;
  origin_article_id: number | null;
  created_at: string;
}

/** Issue 42: the newsroom's view of subscriptions — a cursor-paged list, counts, MRR, conversions, CSV. */
export class RevenueNewsroom {
  constructor(
    private readonly db: Db,
    private readonly usernames: (ids: number[]) => Promise<Map<number, string>>,
  ) {}

  /** Newest first; `after` is the last id of the page before; `userId` narrows to one reader. */
  async page(
    opts: { after: number | null; status?: string; userId?: number | null; limit?: number },
    graceDays: number,
  ): Promise<{ items: SubscriberRow[]; next: number | null }> {
    const limit = opts.limit ?? SUBSCRIBERS_PAGE;
    let q = this.db.selectFrom('subscriptions').selectAll();
    if (opts.after !== null) q = q.where('id', '<', opts.after);
    if (opts.status) q = q.where('status', '=', opts.status);
    if (opts.userId !== undefined && opts.userId !== null) q = q.where('user_id', '=', opts.userId);
    const rows = await q
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const shown = rows.slice(0, limit);
    const names = await this.usernames([...new Set(shown.map((r) => Number(r.user_id)))]);
    const now = nowIso();
    return {
      items: shown.map((r) => {
        const s = toSubscription(r, now, graceDays);
        return {
          id: s.id,
          user_id: s.user_id,
          username: names.get(s.user_id) ?? '',
          plan_name: s.plan_name,
          status: s.status,
          has_access: s.has_access,
          source: s.source,
          interval: s.interval,
          current_period_end: s.current_period_end,
          origin_article_id: r.origin_article_id === null ? null : Number(r.origin_article_id),
          created_at: s.created_at,
        };
      }),
      next: rows.length > limit ? Number(shown[shown.length - 1]?.id) : null,
    };
  }

  /** Counts by status as stored, readers with access now, MRR (kr incl. VAT) and conversions per article. */
  async summary(graceDays: number) {
    const byStatus = await this.db
      .selectFrom('subscriptions')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    const counts: Record<string, number> = { trialing: 0, active: 0, past_due: 0, canceled: 0, ended: 0 };
    for (const r of byStatus) counts[r.status] = Number(r.n);
    // MRR counted by the database per plan and period (history.ts), never row by row
    const mrr = await mrrNow(this.db, nowIso(), graceDays);
    const conversions = await this.db
      .selectFrom('subscriptions')
      .select(['origin_article_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('origin_article_id', 'is not', null)
      .groupBy('origin_article_id')
      .orderBy('n', 'desc')
      .limit(20)
      .execute();
    return {
      counts,
      mrr_sek: mrr,
      conversions: conversions.map((c) => ({ article_id: Number(c.origin_article_id), subscriptions: Number(c.n) })),
    };
  }

  /** Every subscription as CSV (semicolon-separated, as Swedish spreadsheets read it). */
  async csv(graceDays: number): Promise<string> {
    const lines = ['id;konto;användarnamn;plan;status;tillgång;källa;period;periodens slut;från artikel;skapad'];
    let after: number | null = null;
    for (let read = 0; read < CSV_MAX; read += 1000) {
      const { items, next } = await this.page({ after, limit: 1000 }, graceDays);
      for (const s of items) {
        lines.push(
          [
            s.id,
            s.user_id,
            s.username,
            s.plan_name,
            s.status,
            s.has_access ? 'ja' : 'nej',
            s.source,
            s.interval ?? '',
            s.current_period_end ?? '',
            s.origin_article_id ?? '',
            s.created_at,
          ]
            .map((v) => {
              // a cell a spreadsheet would run as a formula is kept as text
              const t = /^[=+\-@]/.test(String(v)) ? `'${v}` : String(v);
              return /[;"\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
            })
            .join(';'),
        );
      }
      if (next === null) break;
      after = next;
    }
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }
}
