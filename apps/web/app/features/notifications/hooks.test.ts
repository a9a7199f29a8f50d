import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { badgeLabel, unreadCountQuery } from './hooks';

describe('unread count polling (spec 000 §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes every 30 seconds', () => {
    expect(unreadCountQuery(1).refetchInterval).toBe(30_000);
  });

  it('retries a failed count 3 times, 1 second apart, then gives up', async () => {
    const calls: number[] = [];
    const start = Date.now();
    const failing = async () => {
      calls.push(Date.now() - start);
      throw new ApiError(503, 'Service Unavailable');
    };
    const qc = new QueryClient();
    const done = qc.fetchQuery(unreadCountQuery(7, failing)).catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(10_000);
    const err = await done;
    expect(err).toBeInstanceOf(ApiError);
    expect(calls).toEqual([0, 1000, 2000, 3000]);
  });

  it('does not retry when the session is gone (401/403)', async () => {
    let n = 0;
    const revoked = async () => {
      n++;
      throw new ApiError(401, 'Unauthorized');
    };
    const qc = new QueryClient();
    const done = qc.fetchQuery(unreadCountQuery(7, revoked)).catch(() => 'failed');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await done).toBe('failed');
    expect(n).toBe(1);
  });

  it('returns the count when the call succeeds after a retry', async () => {
    let n = 0;
    const flaky = async () => {
      if (++n === 1) throw new Error('network');
      return 4;
    };
    const qc = new QueryClient();
    const done = qc.fetchQuery(unreadCountQuery(7, flaky));
    await vi.advanceTimersByTimeAsync(1_500);
    expect(await done).toBe(4);
    expect(n).toBe(2);
  });
});

describe('badge (spec 000 §9)', () => {
  it('shows the count up to 9 and "9+" above', () => {
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(9)).toBe('9');
    expect(badgeLabel(10)).toBe('9+');
    expect(badgeLabel(250)).toBe('9+');
  });
});
