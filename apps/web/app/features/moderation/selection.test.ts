import { describe, expect, it } from 'vitest';
import { allState, cursorAfterRemoval, EMPTY_SELECTION, keepShown, toggle, toggleAll, without } from './selection';

const set = (...ids: number[]) => new Set(ids);

describe('queue selection (issue 16)', () => {
  it('toggles one id in and out without changing the old set', () => {
    const one = toggle(EMPTY_SELECTION, 4);
    expect([...one]).toEqual([4]);
    expect([...toggle(one, 4)]).toEqual([]);
    expect(EMPTY_SELECTION.size).toBe(0);
  });

  it('selects every shown item, and none once all are selected', () => {
    expect([...toggleAll(set(2), [1, 2, 3])]).toEqual([1, 2, 3]);
    expect([...toggleAll(set(1, 2, 3), [1, 2, 3])]).toEqual([]);
    expect([...toggleAll(EMPTY_SELECTION, [])]).toEqual([]);
  });

  it('reports all, some or none for the "Markera alla" box', () => {
    expect(allState(set(1, 2), [1, 2])).toBe('all');
    expect(allState(set(1), [1, 2])).toBe('some');
    expect(allState(set(9), [1, 2])).toBe('none');
    expect(allState(EMPTY_SELECTION, [])).toBe('none');
  });

  it('drops handled ids, and keeps the same set when nothing changed', () => {
    const sel = set(1, 2, 3);
    expect([...without(sel, [2, 7])]).toEqual([1, 3]);
    expect(without(sel, [7])).toBe(sel);
  });

  it('keeps only ids still shown, so a bulk action never reaches a hidden comment', () => {
    expect([...keepShown(set(1, 2, 3), [3, 4])]).toEqual([3]);
  });
});

describe('cursorAfterRemoval', () => {
  const list = [10, 20, 30, 40];
  it('stays on the current item when others left', () => {
    expect(cursorAfterRemoval(list, set(10), 2)).toBe(1); // 30 is now second
  });
  it('moves to the next item down when the current one left', () => {
    expect(cursorAfterRemoval(list, set(20), 1)).toBe(1); // 30
    expect(cursorAfterRemoval(list, set(20, 30), 1)).toBe(1); // 40
  });
  it('falls back to the last item, or none when the list is empty', () => {
    expect(cursorAfterRemoval(list, set(40), 3)).toBe(2);
    expect(cursorAfterRemoval(list, set(10, 20, 30, 40), 0)).toBe(-1);
  });
  it('goes to the first item when there was no cursor', () => {
    expect(cursorAfterRemoval(list, set(20), -1)).toBe(0);
  });
});
