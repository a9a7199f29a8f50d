import { describe, expect, it } from 'vitest';
import { isTypingTarget, type KeyLike, moveCursor, shortcutAction, shortcutHelp, type TargetLike } from './shortcuts';

const el = (tagName: string, extra: Partial<TargetLike> = {}): TargetLike => ({
  tagName,
  getAttribute: () => null,
  closest: () => null,
  ...extra,
});
const press = (key: string, extra: Partial<KeyLike> = {}): KeyLike => ({ key, target: el('BODY'), ...extra });

describe('queue shortcuts (issue 16)', () => {
  it('maps j, k, a, r and x to their actions', () => {
    expect(['j', 'k', 'a', 'r', 'x'].map((k) => shortcutAction(press(k)))).toEqual([
      'next',
      'prev',
      'approve',
      'reject',
      'select',
    ]);
  });

  it('ignores other keys, and named keys that start with a shortcut letter', () => {
    for (const key of ['b', 'q', 'Enter', 'ArrowDown', 'Alt', ' ', 'å']) expect(shortcutAction(press(key))).toBeNull();
  });

  it('accepts Caps Lock letters but not Shift, Ctrl, ⌘ or Alt combinations', () => {
    expect(shortcutAction(press('A'))).toBe('approve');
    expect(shortcutAction(press('A', { shiftKey: true }))).toBeNull();
    expect(shortcutAction(press('r', { ctrlKey: true }))).toBeNull(); // reload stays the browser's
    expect(shortcutAction(press('r', { metaKey: true }))).toBeNull();
    expect(shortcutAction(press('j', { altKey: true }))).toBeNull();
  });

  it('never fires while typing in a text field, text area, select or editable text', () => {
    for (const target of [
      el('INPUT'),
      el('INPUT', { type: 'search' }),
      el('INPUT', { type: 'email' }),
      el('TEXTAREA'),
      el('SELECT'),
      el('DIV', { isContentEditable: true }),
      el('DIV', { getAttribute: (n) => (n === 'role' ? 'textbox' : null) }),
    ]) {
      expect(isTypingTarget(target)).toBe(true);
      expect(shortcutAction(press('a', { target }))).toBeNull();
    }
  });

  it('fires from the page, a button, a link or a checkbox', () => {
    for (const target of [el('BODY'), el('BUTTON'), el('A'), el('LI'), el('INPUT', { type: 'checkbox' })]) {
      expect(isTypingTarget(target)).toBe(false);
      expect(shortcutAction(press('x', { target }))).toBe('select');
    }
    expect(shortcutAction(press('j', { target: null }))).toBe('next');
  });

  it('stays quiet inside an open dialog, even on its buttons', () => {
    const inDialog = el('BUTTON', { closest: (s) => (s === 'dialog[open]' ? {} : null) });
    expect(shortcutAction(press('a', { target: inDialog }))).toBeNull();
  });

  it('skips presses already handled or still being composed', () => {
    expect(shortcutAction(press('a', { defaultPrevented: true }))).toBeNull();
    expect(shortcutAction(press('a', { isComposing: true }))).toBeNull();
  });

  it('lets a held j or k move on, but approves, rejects and selects only once per press', () => {
    expect(shortcutAction(press('j', { repeat: true }))).toBe('next');
    expect(shortcutAction(press('k', { repeat: true }))).toBe('prev');
    expect(shortcutAction(press('a', { repeat: true }))).toBeNull();
    expect(shortcutAction(press('r', { repeat: true }))).toBeNull();
    expect(shortcutAction(press('x', { repeat: true }))).toBeNull();
  });

  it('writes the help line in Swedish, in order', () => {
    expect(shortcutHelp()).toBe('j nästa · k föregående · a godkänn · r avvisa · x markera');
  });
});

describe('moveCursor', () => {
  it('starts at the first item with j and at the last with k', () => {
    expect(moveCursor(-1, 'next', 3)).toBe(0);
    expect(moveCursor(-1, 'prev', 3)).toBe(2);
  });
  it('moves one step and stops at the ends', () => {
    expect(moveCursor(0, 'next', 3)).toBe(1);
    expect(moveCursor(2, 'next', 3)).toBe(2);
    expect(moveCursor(1, 'prev', 3)).toBe(0);
    expect(moveCursor(0, 'prev', 3)).toBe(0);
  });
  it('has nowhere to go in an empty list, and recovers from a cursor past the end', () => {
    expect(moveCursor(0, 'next', 0)).toBe(-1);
    expect(moveCursor(5, 'next', 2)).toBe(0);
  });
});
