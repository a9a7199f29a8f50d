import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { loadConfig } from '../../config.js';

/**
 * Spec 001 §5: a password has at least 8 characters ("Lösenordet måste vara minst 8 tecken").
 * Both sides of the boundary, everywhere a password is set: registration (the only HTTP path) and
 * the first admin's ADMIN_PASSWORD.
 */
describe.each(dialects)('password length on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.32.${Math.floor(++ip / 250)}.${ip % 250}`;
  const register = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: nextIp(), payload: { username, password } });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: nextIp(), payload: { username, password } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  it.each([1, 4, 5, 6, 7])(
    'refuses a %i-character password with the spec message, and creates no account',
    async (n) => {
      const username = `kort_${n}`;
      const password = 'abcdefgh'.slice(0, n);
      const res = await register(username, password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'Invalid request: password: Lösenordet måste vara minst 8 tecken' });
      const again = await login(username, password);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual({ msg: 'Fel användarnamn eller lösenord' });
    },
  );

  it('counts characters, not bytes: seven letters with ring and dots are still too short', async () => {
    const res = await register('kort_aao', 'åäöåäöå');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Invalid request: password: Lösenordet måste vara minst 8 tecken');
  });

  it.each([8, 9, 256])('accepts a %i-character password, which then logs in', async (n) => {
    const username = `langt_${n}`;
    const password = 'x'.repeat(n - 1) + String(n % 10);
    const res = await register(username, password);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ username, account_type: 'user' });
    const ok = await login(username, password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ username, account_type: 'user', is_admin: false });
  });

  it('refuses 257 characters with its own message', async () => {
    const res = await register('for_langt', 'x'.repeat(257));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Invalid request: password: Lösenordet får vara högst 256 tecken' });
  });
});

describe('ADMIN_PASSWORD', () => {
  it('refuses 7 characters and accepts 8', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: '1234567' })).toThrow(
      'ADMIN_PASSWORD: ADMIN_PASSWORD must be at least 8 characters',
    );
    expect(loadConfig({ ADMIN_PASSWORD: '12345678' }).admin.password).toBe('12345678');
  });
});
