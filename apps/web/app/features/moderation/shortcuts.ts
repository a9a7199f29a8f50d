/**
 * The moderation queue's keyboard shortcuts (issue 16), as plain data and pure functions so the
 * rules can be tested without a browser: which key does what, and when a key press is typing
 * rather than a command (a text field, a select, an open dialog).
 */

export type QueueAction = 'next' | 'prev' | 'approve' | 'reject' | 'select';

/** In the order the help line shows them. */
export const QUEUE_SHORTCUTS: readonly { key: string; action: QueueAction; label: string }[] = [
  { key: 'j', action: 'next', label: 'nästa' },
  { key: 'k', action: 'prev', label: 'föregående' },
  { key: 'a', action: 'approve', label: 'godkänn' },
  { key: 'r', action: 'reject', label: 'avvisa' },
  { key: 'x', action: 'select', label: 'markera' },
];

const BY_KEY: ReadonlyMap<string, QueueAction> = new Map(QUEUE_SHORTCUTS.map((s) => [s.key, s.action]));

/** Input types where a letter is not text: a shortcut may fire while one of them has the focus. */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'range', 'color', 'file']);

/** The parts of a DOM element these rules read (an `Element` has them all). */
export interface TargetLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
  closest?: (selector: string) => unknown;
}

/**
 * True when a key press at `target` belongs to what the user is typing or choosing: text inputs,
 * text areas, selects, editable content, text boxes by role, and anything inside an open dialog
 * (the reject and report dialogs have their own fields and buttons).
 */
export function isTypingTarget(target: TargetLike | null | undefined): boolean {
  if (!target) return false;
  const tag = (target.tagName ?? '').toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
  if (target.isContentEditable) return true;
  const role = target.getAttribute?.('role');
  if (role === 'textbox' || role === 'combobox' || role === 'searchbox') return true;
  return !!target.closest?.('dialog[open]');
}

/** The parts of a `KeyboardEvent` these rules read. */
export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
  repeat?: boolean;
  isComposing?: boolean;
  defaultPrevented?: boolean;
  target?: TargetLike | null;
}

/**
 * The queue action a key press asks for, or null: only the bare letters (Caps Lock allowed),
 * never with Ctrl, ⌘, Alt or Shift (those belong to the browser and the screen reader), never
 * while typing or composing, and not for a press something else has already handled. Holding
 * j or k down moves on; holding a, r or x does the action once.
 */
export function shortcutAction(e: KeyLike): QueueAction | null {
  if (e.defaultPrevented || e.isComposing) return null;
  if (e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return null;
  if (e.key.length !== 1) return null;
  const action = BY_KEY.get(e.key.toLowerCase()) ?? null;
  if (!action) return null;
  if (e.repeat && action !== 'next' && action !== 'prev') return null;
  if (isTypingTarget(e.target)) return null;
  return action;
}

/** The help line under the queue's heading: "j nästa · k föregående · …". */
export const shortcutHelp = () => QUEUE_SHORTCUTS.map((s) => `${s.key} ${s.label}`).join(' · ');

/** The next index for j / k in a list of `length` items, from `current` (−1: none yet). Stops at the ends. */
export function moveCursor(current: number, action: 'next' | 'prev', length: number): number {
  if (length === 0) return -1;
  if (current < 0 || current >= length) return action === 'next' ? 0 : length - 1;
  return action === 'next' ? Math.min(current + 1, length - 1) : Math.max(current - 1, 0);
}
