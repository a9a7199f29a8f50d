import type { Comment } from '@vaggen/contract';
import { describe, expect, it } from 'vitest';
import { isHeldComment, isModerationPlaceholder, moderationMark } from './moderation-marks';

const comment = (over: Partial<Comment>): Comment => ({
  id: 1,
  articleId: 1,
  parentId: null,
  name: 'Anna',
  email: null,
  content: 'Hej',
  createdAt: '2026-11-25T08:00:00.000Z',
  author_id: null,
  author_profile_picture: null,
  author_role: null,
  isDeleted: false,
  replies: [],
  moderation_status: 'visible',
  ...over,
});

describe('moderation in a thread (issue 16)', () => {
  it('marks its author’s held comment as waiting, whether held at once or hidden by reports', () => {
    for (const status of ['pending', 'hidden'] as const) {
      const c = comment({ moderation_status: status });
      expect(isHeldComment(c)).toBe(true);
      expect(moderationMark(c)).toBe('Väntar på granskning');
    }
  });

  it('shows a rejected comment (sent to admins only) as rejected', () => {
    expect(moderationMark(comment({ moderation_status: 'rejected' }))).toBe('Avvisad');
    expect(isHeldComment(comment({ moderation_status: 'rejected' }))).toBe(false);
  });

  it('leaves visible comments, and those from servers without moderation, unmarked', () => {
    expect(moderationMark(comment({}))).toBeNull();
    expect(moderationMark(comment({ moderation_status: undefined }))).toBeNull();
  });

  it('treats a blank non-visible comment (kept for its replies) as a placeholder, not as held', () => {
    const blank = comment({ moderation_status: 'hidden', name: '', content: '' });
    expect(isModerationPlaceholder(blank)).toBe(true);
    expect(isHeldComment(blank)).toBe(false);
    expect(moderationMark(blank)).toBeNull();
    // a deleted comment is the comments feature's own placeholder
    expect(isModerationPlaceholder(comment({ isDeleted: true, content: '', moderation_status: 'hidden' }))).toBe(false);
  });
});
