import { DSA_KIND_LABELS, DSA_KINDS, DSA_MSG, type TransparencyReport } from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { httpError } from '../../lib/http-errors.js';

const HOUR_MS = 3_600_000;

/**
 * Issue 43 (DSA Art. 15/24): the transparency report for a period — notices by kind and outcome,
 * the median time to decide, statements of reasons (automated or not) and appeals. Counts by index
 * on each table's time column; the median reads only the middle one or two rows.
 */
export async function transparencyReport(db: Db, fromDay: string, toDay: string): Promise<TransparencyReport> {
  const from = `${fromDay}T00:00:00.000Z`;
  const end = new Date(`${toDay}T00:00:00.000Z`);
  if (Number.isNaN(end.getTime()) || Number.isNaN(Date.parse(from))) throw httpError(400, DSA_MSG.transparencyRange);
  end.setUTCDate(end.getUTCDate() + 1);
  const to = end.toISOString();
  if (from >= to || Date.parse(to) - Date.parse(from) > 5 * 366 * 24 * HOUR_MS)
    throw httpError(400, DSA_MSG.transparencyRange);
  const [byKind, byOutcome, decided, statements, appeals] = await Promise.all([
    db
      .selectFrom('dsa_notices')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy('kind')
      .execute(),
    db
      .selectFrom('dsa_notices')
      .select(['status', 'action', (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(['status', 'action'])
      .execute(),
    db
      .selectFrom('dsa_notices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('decided_at', '>=', from)
      .where('decided_at', '<', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('dsa_statements')
      .select(['automated', (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy('automated')
      .execute(),
    db
      .selectFrom('dsa_statements')
      .select(['appeal_status', 'appeal_outcome', (eb) => eb.fn.countAll<number>().as('n')])
      .where('appealed_at', '>=', from)
      .where('appealed_at', '<', to)
      .groupBy(['appeal_status', 'appeal_outcome'])
      .execute(),
  ]);
  // The median without reading every row: the middle one or two of the period's decisions by time.
  const n = Number(decided.n);
  let median: number | null = null;
  if (n > 0) {
    const middle = await db
      .selectFrom('dsa_notices')
      .select('decide_seconds')
      .where('decided_at', '>=', from)
      .where('decided_at', '<', to)
      .orderBy('decide_seconds')
      .limit(n % 2 === 0 ? 2 : 1)
      .offset(Math.floor((n - 1) / 2))
      .execute();
    const secs = middle.map((r) => Number(r.decide_seconds ?? 0));
    median = Math.round((secs.reduce((a, b) => a + b, 0) / secs.length / 3600) * 10) / 10;
  }
  const kindCount = new Map(byKind.map((r) => [r.kind, Number(r.n)]));
  const sum = (rows: { n: number | string }[]) => rows.reduce((a, r) => a + Number(r.n), 0);
  return {
    from: fromDay,
    to: toDay,
    notices: {
      total: sum(byKind),
      by_kind: DSA_KINDS.map((kind) => ({ kind, label: DSA_KIND_LABELS[kind], count: kindCount.get(kind) ?? 0 })),
      removed: sum(byOutcome.filter((r) => r.action === 'removed')),
      no_action: sum(byOutcome.filter((r) => r.action === 'no_action')),
      open: sum(byOutcome.filter((r) => r.status === 'open')),
      median_hours_to_decide: median,
    },
    statements: {
      total: sum(statements),
      automated: sum(statements.filter((r) => Number(r.automated) === 1)),
    },
    appeals: {
      total: sum(appeals),
      upheld: sum(appeals.filter((r) => r.appeal_outcome === 'upheld')),
      reversed: sum(appeals.filter((r) => r.appeal_outcome === 'reversed')),
      open: sum(appeals.filter((r) => r.appeal_status === 'open')),
    },
  };
}
