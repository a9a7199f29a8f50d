import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { ACCOUNT_FREE_FAILS, accountWaitMs, DEVICE_COOKIE, DEVICE_FAILS, PASSWORD_CHANGE_FAILS } from './service.js';

// Issue 17: per-account login throttling with device cookies, registration probes, Retry-After,
// password change, common passwords, reserved staff names and /api/debug-auth.

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  payload: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

describe.each(dialects)('account security on %s', (dialect) => {
  let t: TestApp;
  let ipCounter = 0;
  const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const login = (username: string, password: string, opts: { ip?: string; cookie?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: opts.ip ?? freshIp(),
      ...json({ username, password }, opts.cookie ? { cookie: opts.cookie } : {}),
    });
  const deviceCookieOf = (res: { headers: Record<string, unknown> }) => {
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(
      new RegExp(`^${DEVICE_COOKIE}=[^;]+; Path=/api/login; Max-Age=31536000; HttpOnly; SameSite=Strict`),
    );
    return set.split(';')[0];
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());
  afterEach(() => vi.useRealTimers());

  it('throttles guessing one account from many addresses, with a growing wait and its Swedish message', async () => {
    await t.app.services.users.create({ username: 'Offer', password: 'offrets-langa-losen' });
    for (let i = 0; i < ACCOUNT_FREE_FAILS; i++) {
      expect((await login('offer', `gissning-${i}`)).statusCode).toBe(401);
    }
    const blocked = await login('offer', 'gissning-x');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      msg: 'För många misslyckade inloggningar på det här kontot. Försök igen om 30 sekunder.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(25);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(blocked.headers['ratelimit-limit']).toBe(String(ACCOUNT_FREE_FAILS));
    expect(blocked.headers['ratelimit-remaining']).toBe('0');
    expect(blocked.headers['ratelimit-reset']).toBe(blocked.headers['retry-after']);
    // the right password from a browser without a device cookie waits too (nothing is revealed)
    expect((await login('offer', 'offrets-langa-losen')).statusCode).toBe(429);
    // after the wait one more try is allowed; a failure doubles the wait
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    expect((await login('offer', 'gissning-y')).statusCode).toBe(401);
    const longer = await login('offer', 'gissning-z');
    expect(longer.statusCode).toBe(429);
    expect(longer.json().msg).toBe('För många misslyckade inloggningar på det här kontot. Försök igen om 1 minut.');
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(55);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    // after the wait the owner gets in, and that ends the throttle
    expect((await login('offer', 'offrets-langa-losen')).statusCode).toBe(200);
    expect((await login('offer', 'gissning-efter')).statusCode).toBe(401);
  });

  it('lets a browser that logged in before keep its own allowance while the account is throttled', async () => {
    await t.app.services.users.create({ username: 'agaren', password: 'agarens-langa-losen' });
    const first = await login('agaren', 'agarens-langa-losen');
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookieOf(first);
    for (let i = 0; i <= ACCOUNT_FREE_FAILS; i++) await login('agaren', `gissning-${i}`);
    expect((await login('agaren', 'agarens-langa-losen')).statusCode).toBe(429);
    // the owner's browser is not locked out
    const owner = await login('agaren', 'agarens-langa-losen', { cookie });
    expect(owner.statusCode).toBe(200);
    // a cookie for another account, or an altered one, counts for nothing
    const other = await t.app.services.users.create({ username: 'annan', password: 'annans-langa-losen' });
    expect(other).toBeGreaterThan(0);
    const otherCookie = deviceCookieOf(await login('annan', 'annans-langa-losen'));
    expect((await login('agaren', 'agarens-langa-losen', { cookie: otherCookie })).statusCode).toBe(429);
    expect((await login('agaren', 'agarens-langa-losen', { cookie: `${cookie}x` })).statusCode).toBe(429);
    // a device cookie has an allowance of its own: spent, it is like any other browser
    for (let i = 0; i < DEVICE_FAILS; i++) {
      expect((await login('agaren', `fel-${i}`, { cookie, ip: freshIp() })).statusCode).toBe(401);
    }
    expect((await login('agaren', 'agarens-langa-losen', { cookie })).statusCode).toBe(429);
  });

  it('a browser that spent its own allowance counts its further failures against the account', async () => {
    await t.app.services.users.create({ username: 'slosaren', password: 'slosarens-langa-losen' });
    const cookie = deviceCookieOf(await login('slosaren', 'slosarens-langa-losen'));
    for (let i = 0; i < DEVICE_FAILS; i++) {
      expect((await login('slosaren', `fel-${i}`, { cookie, ip: freshIp() })).statusCode).toBe(401);
    }
    // the account is not throttled by the device's own failures
    expect((await login('slosaren', 'slosarens-langa-losen', { ip: freshIp() })).statusCode).toBe(200);
    for (let i = 0; i < ACCOUNT_FREE_FAILS; i++) {
      expect((await login('slosaren', `mer-fel-${i}`, { cookie, ip: freshIp() })).statusCode).toBe(401);
    }
    expect((await login('slosaren', 'slosarens-langa-losen', { ip: freshIp() })).statusCode).toBe(429);
  });

  it('computes waits that double from 30 seconds up to 15 minutes', () => {
    expect(accountWaitMs(ACCOUNT_FREE_FAILS - 1)).toBe(0);
    expect(accountWaitMs(ACCOUNT_FREE_FAILS)).toBe(30_000);
    expect(accountWaitMs(ACCOUNT_FREE_FAILS + 1)).toBe(60_000);
    expect(accountWaitMs(ACCOUNT_FREE_FAILS + 100)).toBe(15 * 60_000);
  });

  it('gives the per-address login limit a Retry-After too', async () => {
    await t.app.services.users.create({ username: 'malte', password: 'maltes-langa-losen' });
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await login('malte', `fel-${i}`, { ip });
    const res = await login('malte', 'maltes-langa-losen', { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe('För många misslyckade inloggningar. Vänta en stund och försök igen.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(res.headers['ratelimit-limit']).toBe('5');
  });

  it('counts refused registrations (taken username or e-mail) toward the per-address limit', async () => {
    await t.app.services.users.create({ username: 'upptagen', password: 'upptagens-losen', email: 'u@example.se' });
    const ip = freshIp();
    const reg = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: ip, ...json(body) });
    for (let i = 0; i < 10; i++) {
      const res =
        i % 2 === 0
          ? await reg({ username: 'upptagen', password: 'ett-langt-losen' })
          : await reg({ username: `prov${i}`, password: 'ett-langt-losen', email: 'U@example.se' });
      expect(res.statusCode).toBe(409);
    }
    const probe = await reg({ username: 'upptagen', password: 'ett-langt-losen' });
    expect(probe.statusCode).toBe(429);
    expect(probe.json()).toEqual({ msg: 'För många registreringar från din adress. Försök igen senare.' });
    expect(Number(probe.headers['retry-after'])).toBeGreaterThan(3500);
    expect(probe.headers['ratelimit-limit']).toBe('10');
    // another address is unaffected
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: freshIp(),
      ...json({ username: 'nykomling', password: 'ett-langt-losen' }),
    });
    expect(other.statusCode).toBe(201);
  });

  it('refuses common passwords on registration', async () => {
    for (const password of ['password1', 'Qwerty123', '12345678']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: freshIp(),
        ...json({ username: `vanlig${password.length}${password[0]}`, password }),
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toEqual({ msg: 'Lösenordet är för vanligt och lätt att gissa. Välj ett annat.' });
    }
  });

  it('changes the password: current one checked, 8 characters, not common, other sessions revoked', async () => {
    await t.app.services.users.create({ username: 'byter', password: 'gamla-losenordet' });
    const a = (await login('byter', 'gamla-losenordet')).json().access_token as string;
    const b = (await login('byter', 'gamla-losenordet')).json().access_token as string;
    const change = (token: string, body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile/password',
        ...json(body, { authorization: `Bearer ${token}` }),
      });
    const wrong = await change(a, { current_password: 'fel', new_password: 'nya-losenordet' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ msg: 'Nuvarande lösenord är fel' });
    const short = await change(a, { current_password: 'gamla-losenordet', new_password: 'kort' });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toContain('Lösenordet måste vara minst 8 tecken');
    const common = await change(a, { current_password: 'gamla-losenordet', new_password: 'iloveyou' });
    expect(common.json()).toEqual({ msg: 'Lösenordet är för vanligt och lätt att gissa. Välj ett annat.' });
    const same = await change(a, { current_password: 'gamla-losenordet', new_password: 'gamla-losenordet' });
    expect(same.json()).toEqual({ msg: 'Det nya lösenordet måste skilja sig från det nuvarande' });
    // nothing changed so far: both sessions live
    expect((await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${b}` } })).statusCode).toBe(200);
    const ok = await change(a, { current_password: 'gamla-losenordet', new_password: 'nya-losenordet' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ msg: 'Lösenordet är ändrat. Dina andra inloggningar har loggats ut.' });
    expect((await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${a}` } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${b}` } })).statusCode).toBe(401);
    expect((await login('byter', 'gamla-losenordet')).statusCode).toBe(401);
    expect((await login('byter', 'nya-losenordet')).statusCode).toBe(200);
    const anon = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/password',
      ...json({ current_password: 'x', new_password: 'nya-losenordet' }),
    });
    expect(anon.statusCode).toBe(401);
  });

  // Issue 40, finding 4: 25 wrong current passwords with one session, then the right one, gave 25 × 400
  // and then 200: a stolen session could guess the password. It is throttled as a login is.
  it('throttles guessing the current password on a password change, per account, with the wait', async () => {
    await t.app.services.users.create({ username: 'stulen', password: 'det-ratta-losenordet' });
    const token = (await login('stulen', 'det-ratta-losenordet')).json().access_token as string;
    const other = (await login('stulen', 'det-ratta-losenordet')).json().access_token as string;
    const change = (tok: string, current: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile/password',
        remoteAddress: freshIp(),
        ...json({ current_password: current, new_password: 'ett-helt-nytt-losen' }, { authorization: `Bearer ${tok}` }),
      });
    for (let i = 0; i < PASSWORD_CHANGE_FAILS; i++) {
      const res = await change(token, `gissning-${i}`);
      expect(res.statusCode, `try ${i}`).toBe(400);
      expect(res.json()).toEqual({ msg: 'Nuvarande lösenord är fel' });
    }
    // the right one now is refused too, as is every session of the account and every address
    for (const tok of [token, other]) {
      const blocked = await change(tok, 'det-ratta-losenordet');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().msg).toMatch(
        /^För många försök med fel nuvarande lösenord\. Försök igen om \d+ minuter\.$/,
      );
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(blocked.headers['ratelimit-limit']).toBe(String(PASSWORD_CHANGE_FAILS));
    }
    expect((await login('stulen', 'det-ratta-losenordet')).statusCode).toBe(200);
    // after the window the owner changes it
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60_000 + 1000 });
    expect((await change(token, 'det-ratta-losenordet')).statusCode).toBe(200);
  });

  it('keeps staff names (username or display name, any case) for staff', async () => {
    await t.app.services.users.create({
      username: 'redaktoren',
      password: 'redaktorens-losen',
      full_name: 'Rut Redaktör',
      account_type: 'writer',
    });
    for (const body of [
      { username: 'REDAKTOREN', password: 'ett-langt-losen' },
      { username: 'rutan', password: 'ett-langt-losen', full_name: '  rut   REDAKTÖR ' },
      { username: 'rutan2', password: 'ett-langt-losen', full_name: 'redaktoren' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: freshIp(), ...json(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
    }
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: freshIp(),
      ...json({ username: 'rutan', password: 'ett-langt-losen', full_name: 'Rut Redaktör' }),
    });
    expect(taken.json()).toEqual({ msg: 'Namnet tillhör någon i redaktionen. Välj ett annat namn.' });
    const reader = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: freshIp(),
      ...json({ username: 'lasaren', password: 'lasarens-langa-losen', full_name: 'Rut Läsare' }),
    });
    expect(reader.statusCode).toBe(201);
    const token = (await login('lasaren', 'lasarens-langa-losen')).json().access_token;
    const put = (full_name: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        ...json({ full_name }, { authorization: `Bearer ${token}` }),
      });
    const pose = await put('RUT REDAKTÖR');
    expect(pose.statusCode).toBe(409);
    expect(pose.json()).toEqual({ msg: 'Namnet tillhör någon i redaktionen. Välj ett annat namn.' });
    expect((await put('Rut Redaktörsdotter')).statusCode).toBe(200);
  });

  it('answers /api/debug-auth with only what the test page shows of the caller', async () => {
    await t.app.services.users.create({ username: 'felsok', password: 'felsok-langa-losen' });
    const token = (await login('felsok', 'felsok-langa-losen')).json().access_token;
    const res = await t.app.inject({ url: '/api/debug-auth', headers: { authorization: `Bearer ${token}` } });
    expect(Object.keys(res.json()).sort()).toEqual([
      'account_type',
      'authenticated',
      'is_admin',
      'session_expires_at',
      'token_present',
      'token_valid',
      'user_id',
      'username',
    ]);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('127.0.0.1');
    expect(res.body).not.toContain(token);
  });
});
