import { canWrite, isAdmin, USERS_MSG, type User } from '@vaggen/contract';
import { describe, expect, it } from 'vitest';
import { afterLoginPath, safeLocalPath, sizedDefaultAvatar } from '../../lib/session/redirect';
import { changedFields } from '../users/components/ProfilePage';
import { actionsFor, formatLastLogin } from '../users/components/UserManagement';
import { validateRegistration } from './components/RegisterForm';

const user: User = {
  id: 7,
  user_id: 7,
  username: 'eva',
  account_type: 'user',
  is_admin: false,
  profile_picture: '/api/avatar?name=Eva&size=96',
  full_name: 'Eva',
  email: null,
  last_login: null,
};

describe('after login (spec 000 §2)', () => {
  it('goes to the origin location carried by the guard, else /admin', () => {
    expect(afterLoginPath({ from: { pathname: '/profile', search: '?x=1', hash: '#a' } }, '')).toBe('/profile?x=1#a');
    expect(afterLoginPath(null, '?redirectTo=%2Fnotifications')).toBe('/notifications');
    expect(afterLoginPath(null, '')).toBe('/admin');
    expect(afterLoginPath({ registrationSuccess: true }, '')).toBe('/admin');
  });
  it('never leaves the site or loops back to /login', () => {
    expect(afterLoginPath(null, '?redirectTo=//evil.example')).toBe('/admin');
    expect(afterLoginPath(null, '?redirectTo=https://evil.example')).toBe('/admin');
    expect(afterLoginPath({ from: { pathname: '/\\evil.example' } }, '')).toBe('/admin');
    expect(afterLoginPath({ from: { pathname: '/login' } }, '')).toBe('/admin');
    expect(safeLocalPath('/a/b')).toBe('/a/b');
    expect(safeLocalPath(null)).toBeNull();
  });
});

describe('avatar rule (spec 000 §4)', () => {
  it('rewrites our default avatar without a size to the 96 px one', () => {
    expect(sizedDefaultAvatar('/api/avatar?name=Eva%20Svensson')).toBe('/api/avatar?name=Eva%20Svensson&size=96');
  });
  it('leaves sized, foreign and empty pictures alone', () => {
    expect(sizedDefaultAvatar('/api/avatar?name=Eva&size=42')).toBeNull();
    expect(sizedDefaultAvatar('https://elsewhere.example/api/avatar?name=Eva')).toBeNull();
    expect(sizedDefaultAvatar('https://cdn.example/me.jpg')).toBeNull();
    expect(sizedDefaultAvatar(null)).toBeNull();
    expect(sizedDefaultAvatar('/api/avatar')).toBeNull();
  });
});

describe('register validation (spec 001 §5)', () => {
  const ok = { username: 'eva', full_name: '', email: '', password: 'password1', confirm: 'password1' };
  it('gives the spec texts in order', () => {
    expect(validateRegistration({ ...ok, username: ' ' })?.msg).toBe('Användarnamn och lösenord krävs');
    expect(validateRegistration({ ...ok, confirm: '' })?.msg).toBe('Användarnamn och lösenord krävs');
    expect(validateRegistration({ ...ok, confirm: 'password2' })?.msg).toBe('Lösenorden matchar inte');
    expect(validateRegistration({ ...ok, password: 'short', confirm: 'short' })?.msg).toBe(
      'Lösenordet måste vara minst 8 tecken',
    );
    expect(validateRegistration({ ...ok, email: 'nope' })?.msg).toBe('Ogiltig e-postadress');
    expect(validateRegistration({ ...ok, username: 'a b' })?.msg).toBe(USERS_MSG.usernameInvalid);
    expect(validateRegistration({ ...ok, email: 'eva@example.se' })).toBeNull();
  });
  it('takes Swedish letters, also typed decomposed, and refuses other scripts (issue 41)', () => {
    expect(validateRegistration({ ...ok, username: 'åsa.öberg' })).toBeNull();
    expect(validateRegistration({ ...ok, username: 'åsa.öberg'.normalize('NFD') })).toBeNull();
    expect(validateRegistration({ ...ok, username: 'иван' })?.msg).toBe(USERS_MSG.usernameInvalid);
  });
});

describe('profile (spec 001 §5)', () => {
  it('sends only the changed fields; a cleared field is null', () => {
    const same = { full_name: 'Eva', email: '', profile_picture: '/api/avatar?name=Eva&size=96' };
    expect(changedFields(user, same)).toEqual({});
    expect(changedFields(user, { ...same, full_name: ' Eva S ' })).toEqual({ full_name: 'Eva S' });
    expect(changedFields(user, { ...same, email: 'e@x.se', profile_picture: '' })).toEqual({
      email: 'e@x.se',
      profile_picture: null,
    });
  });
});

describe('roles and user management (spec 001 §4)', () => {
  it('offers promote-to-admin to non-admins, promote-to-writer to users, demote to writers and admins', () => {
    expect(actionsFor('user').map((a) => a.to)).toEqual(['admin', 'writer']);
    expect(actionsFor('writer').map((a) => a.to)).toEqual(['admin', 'user']);
    expect(actionsFor('admin').map((a) => a.to)).toEqual(['user']);
  });
  it('formats the last login for sv-SE, or Okänd', () => {
    expect(formatLastLogin(null)).toBe('Okänd');
    expect(formatLastLogin('2025-03-15T13:05:00.000Z')).toBe('2025-03-15 14:05');
  });
  it('knows who writes and who administers', () => {
    expect(canWrite(user)).toBe(false);
    expect(canWrite({ ...user, account_type: 'writer' })).toBe(true);
    expect(isAdmin({ ...user, account_type: 'admin', is_admin: true })).toBe(true);
    expect(isAdmin({ ...user, account_type: 'writer' })).toBe(false);
  });
});
