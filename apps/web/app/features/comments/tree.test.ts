import type { Comment } from '@vaggen/contract';
import { describe, expect, it } from 'vitest';
import { countVisible, findComment, maxDepth, validateComment } from './tree';

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
  author_role: null,
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
