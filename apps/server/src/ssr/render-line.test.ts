import { describe, expect, it } from 'vitest';
import { RenderLine } from './render-line.js';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

/** Decision 036: a render's turn waits for the API requests already under way, for a while at most. */
describe('RenderLine', () => {
  it('decision 040: lets stale pages re-render only while idle, and at most N a second', async () => {
    const line = new RenderLine(1, 25, 3);
    const t0 = 1_000_000_000_000;
    expect([line.mayRefresh(t0), line.mayRefresh(t0 + 10), line.mayRefresh(t0 + 20), line.mayRefresh(t0 + 30)]).toEqual(
      [true, true, true, false],
    );
    // the next second has its own three
    expect(line.mayRefresh(t0 + 1000)).toBe(true);
    // a render running (or waiting): none
    let finish: (() => void) | undefined;
    const running = line.run(() => new Promise<void>((r) => (finish = r)));
    expect(line.idle).toBe(false);
    expect(line.mayRefresh(t0 + 2000)).toBe(false);
    while (!finish) await new Promise((r) => setImmediate(r));
    finish();
    await running;
    expect(line.idle).toBe(true);
    expect(line.mayRefresh(t0 + 2000)).toBe(true);
    expect(new RenderLine(1, 25, 0).mayRefresh(t0)).toBe(false);
  });

  it('decision 036: a store read waits for the API writes under way, not for later ones, and takes no turn', async () => {
    const line = new RenderLine(1, 10_000);
    expect(line.afterWrites()).toBeUndefined();
    const first = line.apiStarted();
    let done = false;
    const wait = line.afterWrites()?.then(() => {
      done = true;
    });
    expect(wait).toBeDefined();
    const later = line.apiStarted();
    // it takes no render's turn: the line stays idle while it waits
    expect(line.idle).toBe(true);
    await tick(20);
    expect(done).toBe(false);
    first();
    await wait;
    expect(done).toBe(true);
    expect(line.holding).toBe(1);
    later();
  });

  it('runs a render at once when no API request is under way', async () => {
    const line = new RenderLine(1, 10_000);
    await expect(line.run(async () => 'sida')).resolves.toBe('sida');
  });

  it('a render waits for the API request under way and starts when it ends', async () => {
    const line = new RenderLine(1, 10_000);
    const release = line.apiStarted();
    expect(line.holding).toBe(1);
    let started = false;
    const page = line.run(async () => {
      started = true;
      return 'sida';
    });
    await tick(30);
    expect(started).toBe(false);
    release();
    expect(line.holding).toBe(0);
    await expect(page).resolves.toBe('sida');
    expect(started).toBe(true);
  });

  it('waits only for the requests begun before its turn came, not for later ones', async () => {
    const line = new RenderLine(1, 10_000);
    const first = line.apiStarted();
    let started = false;
    const page = line.run(async () => {
      started = true;
    });
    await tick(5);
    const later = line.apiStarted();
    first();
    await page;
    expect(started).toBe(true);
    expect(line.holding).toBe(1);
    later();
    expect(line.holding).toBe(0);
  });

  it('a request that ends twice counts once', async () => {
    const line = new RenderLine(1, 10_000);
    const a = line.apiStarted();
    const b = line.apiStarted();
    a();
    a();
    expect(line.holding).toBe(1);
    b();
    expect(line.holding).toBe(0);
  });

  it('a long API request holds the line for apiFirstMs only', async () => {
    const line = new RenderLine(1, 40);
    line.apiStarted(); // never ends (an upload, a translation)
    const began = Date.now();
    await line.run(async () => undefined);
    const waited = Date.now() - began;
    expect(waited).toBeGreaterThanOrEqual(35);
    expect(waited).toBeLessThan(1_000);
    expect(line.holding).toBe(0);
  });

  it('keeps renders in line: one at a time with concurrency 1, in the order they came', async () => {
    const line = new RenderLine(1, 10_000);
    const order: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((r) => {
      open = r;
    });
    const a = line.run(async () => {
      order.push('a start');
      await gate;
      order.push('a end');
    });
    const b = line.run(async () => {
      order.push('b start');
    });
    await tick(20);
    expect(order).toEqual(['a start']);
    open();
    await Promise.all([a, b]);
    expect(order).toEqual(['a start', 'a end', 'b start']);
  });

  it('with apiFirstMs 0 a render never waits for the API', async () => {
    const line = new RenderLine(1, 0);
    line.apiStarted();
    expect(line.holding).toBe(0);
    await expect(line.run(async () => 'sida')).resolves.toBe('sida');
  });
});
