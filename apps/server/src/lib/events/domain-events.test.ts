import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import type { Db } from '../../db/index.js';
import { DomainEvents, defineEvent, OUTBOX_BACKOFF_MS } from './domain-events.js';

/**
 * Issue 39 (decision 046): typed events with a declared phase, and the transactional outbox that
 * carries after-commit effects across a failure (and, in outbox-crash.test.ts, a crash).
 */
const Happened = defineEvent<{ n: number }>('TestHappened');
const Other = defineEvent<{ word: string }>('TestOther');

describe.each(dialects)('domain events and the outbox on %s', (dialect) => {
  let t: TestApp;
  let db: Db;
  let clock = 1_000_000;
  const bus = () => new DomainEvents(db, { claimMs: 10_000, now: () => clock });
  const rows = () => db.selectFrom('event_outbox').selectAll().orderBy('id').execute();
  const write = (trx: Db, n: number) =>
    trx
      .insertInto('ads')
      .values({
        type: 'sidebar',
        title: 'Test',
        company: `E${n}`,
        image_url: '/x.png',
        link_url: 'https://example.org',
        active: 0,
        created_at: new Date(0).toISOString(),
      })
      .execute();
  const companies = async () =>
    (await db.selectFrom('ads').select('company').where('company', 'like', 'E%').orderBy('company').execute()).map(
      (r) => r.company,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    db = t.app.dbh.db;
  });
  afterAll(() => t?.close());

  it('runs in-transaction handlers inside the write and after-commit ones after it, leaving no row behind', async () => {
    const events = bus();
    const seen: string[] = [];
    events.inTransaction(Happened, 'tx', async (p, trx) => {
      seen.push(`tx ${p.n}`);
      await write(trx, p.n);
    });
    events.afterCommit(Happened, 'after', async (p) => {
      // the write is committed: another connection sees it
      seen.push(`after ${p.n} ${(await companies()).includes(`E${p.n}`)}`);
    });
    const value = await events.transaction(async (trx) => {
      await events.emit(trx, Happened({ n: 1 }));
      seen.push('work done');
      return 'ok';
    });
    expect(value).toBe('ok');
    expect(seen).toEqual(['tx 1', 'work done', 'after 1 true']);
    expect(await rows()).toEqual([]);
    expect(events.subscriptions()).toEqual([
      { event: 'TestHappened', phase: 'transaction', handler: 'tx' },
      { event: 'TestHappened', phase: 'after-commit', handler: 'after' },
    ]);
  });

  it('a failing in-transaction handler rolls the whole write back, and nothing runs after', async () => {
    const events = bus();
    let after = 0;
    events.inTransaction(Happened, 'refuses', async () => {
      throw new Error('nej');
    });
    events.afterCommit(Happened, 'after', async () => {
      after++;
    });
    await expect(
      events.transaction(async (trx) => {
        await write(trx, 2);
        await events.emit(trx, Happened({ n: 2 }));
      }),
    ).rejects.toThrow('nej');
    expect(await companies()).not.toContain('E2');
    expect(after).toBe(0);
    expect(await rows()).toEqual([]);
  });

  it('an event without after-commit handlers writes no outbox row; emitting outside a transaction is an error', async () => {
    const events = bus();
    events.inTransaction(Other, 'tx', async () => {});
    let inserted = 0;
    await events.transaction(async (trx) => {
      await events.emit(trx, Other({ word: 'x' }));
      inserted = (await trx.selectFrom('event_outbox').select('id').execute()).length;
    });
    expect(inserted).toBe(0);
    await expect(events.emit(db, Other({ word: 'y' }))).rejects.toThrow(
      'TestOther emitted outside events.transaction()',
    );
    expect(() => events.afterCommit(Other, 'same', async () => {})).not.toThrow();
    expect(() => events.afterCommit(Other, 'same', async () => {})).toThrow('TestOther: two handlers named same');
  });

  it('a failing after-commit handler stays in the outbox with a backoff; the job runs it (only it) when due', async () => {
    const events = bus();
    const ran: string[] = [];
    let fail = true;
    events.afterCommit(Happened, 'steady', async (p) => {
      ran.push(`steady ${p.n}`);
    });
    events.afterCommit(Happened, 'flaky', async (p) => {
      ran.push(`flaky ${p.n}`);
      if (fail) throw new Error('borta');
    });
    await events.transaction((trx) => events.emit(trx, Happened({ n: 3 })));
    expect(ran).toEqual(['steady 3', 'flaky 3']);
    const [row] = await rows();
    expect(row).toMatchObject({ event: 'TestHappened', handlers: '["flaky"]', attempts: 1, last_error: 'borta' });
    expect(Number(row?.run_after)).toBe(clock + (OUTBOX_BACKOFF_MS[0] ?? 0));
    // not due yet: nothing runs
    expect(await events.deliverDue()).toBe(0);
    expect(ran).toHaveLength(2);
    clock += OUTBOX_BACKOFF_MS[0] ?? 0;
    // due, fails again: the next backoff
    expect(await events.deliverDue()).toBe(0);
    expect(ran).toEqual(['steady 3', 'flaky 3', 'flaky 3']);
    expect(await rows()).toMatchObject([{ attempts: 2 }]);
    expect(Number((await rows())[0]?.run_after)).toBe(clock + (OUTBOX_BACKOFF_MS[1] ?? 0));
    fail = false;
    clock += OUTBOX_BACKOFF_MS[1] ?? 0;
    expect(await events.deliverDue()).toBe(1);
    expect(ran).toEqual(['steady 3', 'flaky 3', 'flaky 3', 'flaky 3']);
    expect(await rows()).toEqual([]);
  });

  it('two processes delivering the same due rows run each once', async () => {
    const ran: number[] = [];
    const make = () => {
      const e = bus();
      e.afterCommit(Happened, 'count', async (p) => {
        ran.push(p.n);
        await new Promise((r) => setTimeout(r, 5));
      });
      return e;
    };
    const a = make();
    const b = make();
    // rows a crashed process left: written, never run (its claim has passed)
    await db
      .insertInto('event_outbox')
      .values(
        [10, 11, 12, 13, 14].map((n) => ({
          event: 'TestHappened',
          payload: JSON.stringify({ n }),
          handlers: '["count"]',
          created_at: clock - 60_000,
          run_after: clock - 30_000,
        })),
      )
      .execute();
    const [x, y] = await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(x + y).toBe(5);
    expect(ran.sort((p, q) => p - q)).toEqual([10, 11, 12, 13, 14]);
    expect(await rows()).toEqual([]);
  });

  it('rows the committing process still holds are not taken by the job until its claim passes', async () => {
    const events = bus();
    let ran = 0;
    events.afterCommit(Happened, 'count', async () => {
      ran++;
    });
    await db
      .insertInto('event_outbox')
      .values({
        event: 'TestHappened',
        payload: '{"n":20}',
        handlers: '["count"]',
        created_at: clock,
        run_after: clock + 10_000,
      })
      .execute();
    expect(await events.deliverDue()).toBe(0);
    clock += 10_000;
    expect(await events.deliverDue()).toBe(1);
    expect(ran).toBe(1);
  });

  it('the app lists every event and handler in one place (src/events.ts)', () => {
    const subs = t.app.events.subscriptions();
    expect(subs).toEqual(
      expect.arrayContaining([
        { event: 'ArticleWritten', phase: 'transaction', handler: 'search: index the text' },
        { event: 'ArticleChanged', phase: 'after-commit', handler: 'page cache: search, feeds, articles' },
        { event: 'CommentPosted', phase: 'transaction', handler: 'moderation: record it' },
        { event: 'CommentPosted', phase: 'after-commit', handler: 'analytics: count it' },
        { event: 'RoleChanged', phase: 'transaction', handler: 'auth: end their sessions' },
      ]),
    );
  });
});
