import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Issue 39: the event map in docs/architecture.md says who reacts to what, and in which phase. It
 * is compared with the subscriptions the running app has (src/events.ts), so the drawing stays true.
 */
const DOC = path.resolve(import.meta.dirname, '../../../docs/architecture.md');

function documented(): string[] {
  const text = fs.readFileSync(DOC, 'utf8');
  const table = /<!-- event-map[^>]*-->([\s\S]*?)<!-- \/event-map -->/.exec(text)?.[1] ?? '';
  const out: string[] = [];
  for (const line of table.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const [, event, , inTx, after] = cells;
    if (!event || event === 'event' || event.startsWith('---')) continue;
    for (const h of (inTx ?? '')
      .split('·')
      .map((x) => x.trim())
      .filter(Boolean))
      out.push(`${event} | transaction | ${h}`);
    for (const h of (after ?? '')
      .split('·')
      .map((x) => x.trim())
      .filter(Boolean))
      out.push(`${event} | after-commit | ${h}`);
  }
  return out.sort();
}

describe('the event map in docs/architecture.md', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('lists exactly the subscriptions of src/events.ts', () => {
    const inCode = t.app.events
      .subscriptions()
      .map((s) => `${s.event} | ${s.phase} | ${s.handler}`)
      .sort();
    expect(documented()).toEqual(inCode);
  });
});
