import type { ArticleSummary, SidebarData } from '@vaggen/contract';
import { describe, expect, it } from 'vitest';
import { sidebarBeside } from './sidebar-beside';

const a = (id: number) => ({ id }) as ArticleSummary;
const data: SidebarData = {
  latest: [a(20), a(19), a(18)],
  next: [a(17), a(16), a(15)],
  hottest: [a(3)],
  more: [a(14), a(13), a(12)],
};
const ids = (list: ArticleSummary[]) => list.map((x) => x.id);

describe('the sidebar beside a list (issue 41)', () => {
  it('leaves out what the list beside shows and fills in with the next newest', () => {
    const s = sidebarBeside(data, [20, 18, 5]);
    expect(ids(s.latest)).toEqual([19, 17, 16]);
    expect(ids(s.next)).toEqual([15, 14, 13]);
    expect(ids(s.hottest)).toEqual([3]);
  });
  it('is the six newest when nothing is beside (the spec)', () => {
    expect(sidebarBeside(data, [])).toBe(data);
  });
});
