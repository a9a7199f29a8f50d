/**
 * The queue's selection for bulk actions (issue 16), as pure functions over a `ReadonlySet` of
 * comment ids so React state stays immutable and the rules are testable.
 */

export type Selection = ReadonlySet<number>;

export const EMPTY_SELECTION: Selection = new Set();

/** Adds the id, or takes it out when it is already selected. */
export function toggle(sel: Selection, id: number): Selection {
  const next = new Set(sel);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** "Markera alla": every shown id; when all of them are already selected, none. */
export function toggleAll(sel: Selection, shown: readonly number[]): Selection {
  const all = shown.length > 0 && shown.every((id) => sel.has(id));
  return all ? EMPTY_SELECTION : new Set(shown);
}

/** Whether the "Markera alla" box is checked, unchecked or mixed for the shown ids. */
export function allState(sel: Selection, shown: readonly number[]): 'all' | 'some' | 'none' {
  const n = shown.filter((id) => sel.has(id)).length;
  if (n === 0) return 'none';
  return n === shown.length ? 'all' : 'some';
}

/** What stays selected once `gone` have left the list (handled, or no longer shown). */
export function without(sel: Selection, gone: Iterable<number>): Selection {
  const next = new Set(sel);
  for (const id of gone) next.delete(id);
  return next.size === sel.size ? sel : next;
}

/** Only the ids still shown (after a new tab, filter or page): a bulk action never reaches hidden items. */
export function keepShown(sel: Selection, shown: readonly number[]): Selection {
  const visible = new Set(shown);
  return without(
    sel,
    [...sel].filter((id) => !visible.has(id)),
  );
}

/**
 * Where the cursor goes after items left the list: the item that now sits where the first of
 * them was (the next one down), else the last; −1 for an empty list.
 */
export function cursorAfterRemoval(before: readonly number[], removed: ReadonlySet<number>, cursor: number): number {
  const after = before.filter((id) => !removed.has(id));
  if (after.length === 0) return -1;
  const cur = before[cursor];
  if (cur !== undefined && !removed.has(cur)) return after.indexOf(cur);
  // the first surviving item at or after the old cursor position
  for (let i = Math.max(cursor, 0); i < before.length; i++) {
    const id = before[i] as number;
    if (!removed.has(id)) return after.indexOf(id);
  }
  return after.length - 1;
}
