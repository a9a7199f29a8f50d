import type { Comment } from '@vaggen/contract';
import { describe, expect, it } from 'vitest';
import {
  applyDelete,
  attachReplies,
  countReplies,
  countVisible,
  findComment,
  insertComment,
  lastReplyId,
  maxDepth,
  namesById,
  validateComment,
} from './tree';

const c = (id: number, replies: Comment[] = [], isDeleted = false): Comment => ({
  id,
  articleId: 1,
  parentId: null,
  name: isDeleted ? '' : `n${id}`,
  email: null,
  content: isDeleted ? '' : `text ${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  author_id: null,
  author_profile_picture: null,
  isDeleted,
  replies,
});

describe('comment tree helpers', () => {
  const tree = [c(1, [c(2, [c(3, [c(4, [c(5, [c(6)])])])]), c(7, [], true)]), c(8, [c(9)], true)];
  it('counts comments that still show text', () => {
    expect(countVisible(tree)).toBe(7);
    expect(countVisible([])).toBe(0);
  });
  it('finds a comment at any depth', () => {
    expect(findComment(tree, 6)?.content).toBe('text 6');
    expect(findComment(tree, 9)?.id).toBe(9);
    expect(findComment(tree, 99)).toBeUndefined();
  });
  it('measures the nesting depth', () => {
    expect(maxDepth(tree)).toBe(5);
    expect(maxDepth([c(1)])).toBe(0);
    expect(maxDepth([])).toBe(-1);
  });
});

describe('validateComment (spec 000 §5)', () => {
  const ok = { name: 'Anna', email: 'anna@example.se', content: 'Bra artikel' };
  it('asks logged-in users only for the text', () => {
    expect(validateComment({ name: '', email: '', content: '  ' }, true)).toEqual({
      msg: 'Please enter a comment',
      field: 'content',
    });
    expect(validateComment({ name: '', email: '', content: 'Hej' }, true)).toBeNull();
  });
  it('asks visitors for every field and a real-looking e-mail', () => {
    expect(validateComment({ ...ok, name: ' ' }, false)).toEqual({ msg: 'Please fill in all fields', field: 'name' });
    expect(validateComment({ ...ok, email: '' }, false)).toEqual({ msg: 'Please fill in all fields', field: 'email' });
    expect(validateComment({ ...ok, content: '\n' }, false)).toEqual({
      msg: 'Please fill in all fields',
      field: 'content',
    });
    expect(validateComment({ ...ok, email: 'anna@' }, false)).toEqual({
      msg: 'Please enter a valid email address',
      field: 'email',
    });
    expect(validateComment(ok, false)).toBeNull();
  });
});

describe('paged thread helpers (decision 015)', () => {
  const r = (id: number, parentId: number, replies: Comment[] = []): Comment => ({
    ...c(id, replies),
    parentId,
    root_id: 1,
  });
  const thread = () => [
    { ...c(1, [r(2, 1, [r(3, 2)])]), reply_count: 5 },
    { ...c(10), reply_count: 0 },
  ];

  it('counts and finds the cursor of what a thread has', () => {
    expect(countReplies(thread()[0] as Comment)).toBe(2);
    expect(lastReplyId(thread()[0] as Comment)).toBe(3);
    expect(lastReplyId(c(10))).toBeNull();
    expect(namesById(thread()).get(3)).toBe('n3');
  });
  it('attaches a replies page under the parents the reader has, once each', () => {
    const page = [r(4, 2, [r(6, 4)]), r(5, 1)];
    const next = attachReplies(thread(), 1, page, 5);
    expect(findComment(next, 2)?.replies.map((x) => x.id)).toEqual([3, 4]);
    expect(findComment(next, 4)?.replies.map((x) => x.id)).toEqual([6]);
    expect(next[0]?.replies.map((x) => x.id)).toEqual([2, 5]);
    expect(attachReplies(next, 1, page, 5)).toEqual(next); // a second time changes nothing
  });
  it('puts a new comment in its place and counts it in its thread', () => {
    const top = c(20);
    expect(insertComment(thread(), top, 'newest').map((x) => x.id)).toEqual([20, 1, 10]);
    expect(insertComment(thread(), top, 'oldest').map((x) => x.id)).toEqual([1, 10, 20]);
    const next = insertComment(thread(), r(21, 3), 'oldest');
    expect(findComment(next, 3)?.replies.map((x) => x.id)).toEqual([21]);
    expect(next[0]?.reply_count).toBe(6);
  });
  it('applies the delete rules: a placeholder stays, removed ones leave their thread', () => {
    const placeholder = applyDelete(thread(), 2, { placeholder: true, removed: [] });
    expect(findComment(placeholder, 2)).toMatchObject({ isDeleted: true, name: '', content: '' });
    const gone = applyDelete(placeholder, 3, { placeholder: false, removed: [3, 2] });
    expect(gone[0]?.replies).toEqual([]);
    expect(gone[0]?.reply_count).toBe(3);
    expect(applyDelete(thread(), 10, { placeholder: false, removed: [10] }).map((x) => x.id)).toEqual([1]);
  });
});
