import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(import.meta.dirname, '../../../docs/decisions');

/** Issue 19: every decision record (docs/decisions/NNN-title.md) says when it was taken and whether it holds. */
describe('decision records', () => {
  const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.md'));

  it('are numbered NNN-title.md, each number once', () => {
    expect(files.length).toBeGreaterThan(30);
    const numbers = files.map((f) => /^(\d{3})-[a-z0-9-]+\.md$/.exec(f)?.[1]);
    expect(numbers.filter((n) => n === undefined)).toEqual([]);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it.each(files)('%s has a title with its number, a date and a status near the top', (file) => {
    const head = fs.readFileSync(path.join(DIR, file), 'utf8').split('\n').slice(0, 8).join('\n');
    expect(head.startsWith(`# ${file.slice(0, 3)} `)).toBe(true);
    expect(head).toMatch(/Date: 20\d\d-\d\d-\d\d/);
    expect(head).toMatch(/Status: (accepted|proposed|superseded|deprecated)/i);
  });
});
