import { describe, expect, it } from 'vitest';
import { superscript } from './format.js';
import { canWrite, isAdmin, isAdminOrOwner, mayDeleteComment, mayEditArticle, mayRequestRole } from './permissions.js';
import { formatNumberSv } from './science.js';
import { displayName } from './users.js';

const user = (id: number, account_type: 'user' | 'writer' | 'admin') => ({ id, account_type });

describe('rules shared by server and web (spec 000 §6)', () => {
  it('admin and writer roles', () => {
    expect([isAdmin(user(1, 'admin')), isAdmin(user(1, 'writer')), isAdmin(null)]).toEqual([true, false, false]);
    expect(isAdmin({ account_type: 'user', is_admin: true })).toBe(true);
    expect([canWrite(user(1, 'admin')), canWrite(user(1, 'writer')), canWrite(user(1, 'user'))]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('admin or own', () => {
    expect(isAdminOrOwner(user(1, 'admin'), 2)).toBe(true);
    expect(isAdminOrOwner(user(1, 'admin'), null)).toBe(true);
    expect(isAdminOrOwner(user(2, 'user'), 2)).toBe(true);
    expect(isAdminOrOwner(user(2, 'user'), 3)).toBe(false);
    expect(isAdminOrOwner(user(2, 'writer'), null)).toBe(false);
    expect(isAdminOrOwner(null, 2)).toBe(false);
  });

  it('articles: admins any, writers their own, readers none (even an old article of theirs)', () => {
    expect(mayEditArticle(user(1, 'admin'), { author_id: 2 })).toBe(true);
    expect(mayEditArticle(user(5, 'writer'), { author_id: 5 })).toBe(true);
    expect(mayEditArticle(user(5, 'writer'), { author_id: 6 })).toBe(false);
    expect(mayEditArticle(user(5, 'writer'), { author_id: null })).toBe(false);
    expect(mayEditArticle(user(5, 'user'), { author_id: 5 })).toBe(false);
    expect(mayEditArticle(undefined, { author_id: 5 })).toBe(false);
  });

  it('comments: their author or an admin, never a deleted placeholder', () => {
    expect(mayDeleteComment(user(3, 'user'), { author_id: 3 })).toBe(true);
    expect(mayDeleteComment(user(3, 'user'), { author_id: 4 })).toBe(false);
    expect(mayDeleteComment(user(3, 'user'), { author_id: null })).toBe(false);
    expect(mayDeleteComment(user(1, 'admin'), { author_id: null })).toBe(true);
    expect(mayDeleteComment(user(1, 'admin'), { author_id: 3, isDeleted: true })).toBe(false);
  });

  it('role requests: writer rights for readers only, admin rights for every non-admin', () => {
    const kinds = (u: ReturnType<typeof user> | null) =>
      (['writer', 'admin'] as const).filter((k) => mayRequestRole(u, k));
    expect(kinds(user(1, 'user'))).toEqual(['writer', 'admin']);
    expect(kinds(user(1, 'writer'))).toEqual(['admin']);
    expect(kinds(user(1, 'admin'))).toEqual([]);
    expect(kinds(null)).toEqual([]);
  });
});

describe('display name and superscripts', () => {
  it('full name when given, else the username', () => {
    expect(displayName({ full_name: 'Anna Lindqvist', username: 'anna' })).toBe('Anna Lindqvist');
    expect(displayName({ full_name: '  ', username: 'anna' })).toBe('anna');
    expect(displayName({ full_name: null, username: 'anna' })).toBe('anna');
  });

  it('writes exponents in superscript digits', () => {
    expect(superscript(27)).toBe('²⁷');
    expect(superscript(-12)).toBe('⁻¹²');
    expect(superscript('1034')).toBe('¹⁰³⁴');
    expect(formatNumberSv(6.02214076e23)).toBe('6,022 × 10²³');
  });
});
