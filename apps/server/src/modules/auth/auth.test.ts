import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

// Count password verifications (the real implementation still runs).
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

/** A JSON request, with optional extra headers (e.g. authorization). */
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  payload: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

describe.each(dialects)('accounts and sessions on %s', (dialect) => {
  let t: TestApp;
  let ipCounter = 0;
  /** Each test gets its own client address, so rate limits from one test never leak into another. */
  const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const register = (body: Record<string, unknown>, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: ip, ...json(body) });
  const login = (username: string, password: string, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, ...json({ username, password }) });
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('registers a user with the User fields, role user, and a default avatar', async () => {
    const res = await register({
      username: 'Karin_B',
      password: 'langt-losen',
      email: 'karin@example.se',
      full_name: 'Karin Berg',
    });
    expect(res.statusCode).toBe(201);
    const u = res.json();
    expect(u).toMatchObject({
      username: 'Karin_B',
      account_type: 'user',
      is_admin: false,
      email: 'karin@example.se',
      full_name: 'Karin Berg',
      last_login: null,
      profile_picture: '/api/avatar?name=Karin%20Berg',
    });
    expect(u.id).toBe(u.user_id);
    expect(u).not.toHaveProperty('password_hash');
    const stored = await t.dbh.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('enforces the registration rules with clear messages', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ username: 'nykund', password: 'kort' }, 400, 'Lösenordet måste vara minst 8 tecken'],
      [{ username: '', password: 'langt-losen' }, 400, 'Användarnamn och lösenord krävs'],
      [{ username: 'nykund' }, 400, 'Användarnamn och lösenord krävs'],
      [{ username: 'ny kund', password: 'langt-losen' }, 400, 'Användarnamnet får bara'],
      [{ username: 'ab', password: 'langt-losen' }, 400, 'Användarnamnet får bara'],
      [{ username: 'nykund', password: 'langt-losen', email: 'inte-en-adress' }, 400, 'Ogiltig e-postadress'],
      [{ username: 'karin_b', password: 'langt-losen' }, 409, 'Användarnamnet är redan taget'],
      [{ username: 'nykund', password: 'langt-losen', email: 'KARIN@example.se' }, 409, 'Email already in use'],
      [{ username: 'nykund', password: 'x'.repeat(300) }, 400, 'Lösenordet får vara högst 256 tecken'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await register(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().msg).toContain(msg);
    }
    // empty optional fields count as not given
    const ok = await register({ username: 'tomma.falt', password: 'langt-losen', email: '', full_name: '' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().email).toBeNull();
  });

  it('takes Swedish letters in usernames, stored as NFC, unique case-insensitively and by look (issue 41)', async () => {
    const ok = await register({ username: 'åsa.öberg', password: 'langt-losen-åsa' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().username).toBe('åsa.öberg');
    for (const name of ['Zoë_Ängel', 'josé-ørsted', 'Émile99', 'mormor.åsa']) {
      const res = await register({ username: name, password: 'langt-losen-xyz' });
      expect(res.statusCode, name).toBe(201);
    }
    // The same name decomposed (a Mac keyboard's "a" + combining ring) is stored composed, and is taken.
    const decomposed = 'åsa.öberg'.normalize('NFD');
    expect(decomposed).not.toBe('åsa.öberg');
    const again = await register({ username: decomposed, password: 'langt-losen-åsa' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('Användarnamnet är redan taget');
    // In capitals, or with "rn" for "m" (the same look): taken.
    for (const name of ['ÅSA.ÖBERG', 'zoë_ängel', 'rnorrnor.åsa']) {
      const res = await register({ username: name, password: 'langt-losen-xyz' });
      expect(res.statusCode, name).toBe(409);
      expect(res.json().msg, name).toBe('Användarnamnet är redan taget');
    }
    // Other scripts, full-width letters, spaces and symbols stay out, with the rule in the message.
    for (const name of ['иван', 'jos\u0435-ørsted', 'Ａｎｎａ', 'åsa öberg', 'åsa@öberg', '.åsa', 'ﬁona']) {
      const res = await register({ username: name, password: 'langt-losen-xyz' });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().msg, name).toBe(
        'Användarnamnet får bara innehålla bokstäver (a–ö, även é och ü), siffror, punkt, bindestreck och understreck (3–32 tecken)',
      );
    }
    // Logging in with the decomposed or capitalised form finds the account.
    expect((await login('ÅSA.ÖBERG'.normalize('NFD'), 'langt-losen-åsa')).statusCode).toBe(200);
  });

  it('logs in with the login response of spec 000 §3 and updates last_login', async () => {
    const res = await login('KARIN_B', 'langt-losen');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'access_token',
        'account_type',
        'email',
        'full_name',
        'is_admin',
        'profile_picture',
        'user_id',
        'username',
      ].sort(),
    );
    expect(body.username).toBe('Karin_B');
    expect(body.access_token.length).toBeGreaterThanOrEqual(40);
    const me = await t.app.inject({ url: '/api/me', headers: auth(body.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().last_login).toMatch(/^\d{4}-\d\d-\d\dT/);
    // only a hash of the token is stored
    const sessions = await t.dbh.db.selectFrom('sessions').selectAll().execute();
    expect(JSON.stringify(sessions)).not.toContain(body.access_token);
  });

  it('answers wrong username and wrong password alike', async () => {
    const a = await login('karin_b', 'fel-losenord');
    const b = await login('finns-inte', 'fel-losenord');
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json()).toEqual(b.json());
    expect(a.json().msg).toBe('Fel användarnamn eller lösenord');
    const missing = await t.app.inject({ method: 'POST', url: '/api/login', ...json({ username: 'karin_b' }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('Ange både användarnamn och lösenord.');
  });

  it('costs one argon2id verification for an unknown username, as for a wrong password', async () => {
    // Same work, so about the same time: an unknown name cannot be told apart by the delay.
    const verifyCalls = () => vi.mocked(argon2.verify).mock.calls.length;
    let before = verifyCalls();
    expect((await login('karin_b', 'fel-losenord')).statusCode).toBe(401);
    expect(verifyCalls() - before).toBe(1);
    before = verifyCalls();
    expect((await login('ingen-sadan-person', 'fel-losenord')).statusCode).toBe(401);
    expect(verifyCalls() - before).toBe(1);
    // the hash checked for an unknown name is a real argon2id hash, as costly as a user's
    const dummy = vi.mocked(argon2.verify).mock.calls.at(-1)?.[0];
    expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('rate-limits failed logins per account and address without blocking other addresses', async () => {
    await register({ username: 'malin', password: 'malins-losen' });
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) expect((await login('malin', `gissning-${i}`, attacker)).statusCode).toBe(401);
    const blocked = await login('malin', 'malins-losen', attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe('För många misslyckade inloggningar. Vänta en stund och försök igen.');
    // the owner, from her own address, still gets in
    expect((await login('malin', 'malins-losen', freshIp())).statusCode).toBe(200);
  });

  it('does not let a client dodge the limits with a forged X-Forwarded-For', async () => {
    await register({ username: 'forfalskad', password: 'ratt-losen-1' });
    const socket = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: socket,
        ...json({ username: 'forfalskad', password: `fel-${i}` }, { 'x-forwarded-for': `203.0.113.${i}` }),
      });
      expect(res.statusCode).toBe(401);
    }
    const sixth = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: socket,
      ...json({ username: 'forfalskad', password: 'fel-6' }, { 'x-forwarded-for': '203.0.113.99' }),
    });
    expect(sixth.statusCode).toBe(429);
  });

  it('rate-limits one address guessing across many accounts', async () => {
    const sprayer = freshIp();
    for (let i = 0; i < 20; i++) expect((await login(`konto${i}`, 'gissning', sprayer)).statusCode).toBe(401);
    expect((await login('karin_b', 'langt-losen', sprayer)).statusCode).toBe(429);
  });

  it('revokes the token on logout', async () => {
    const token = (await login('karin_b', 'langt-losen')).json().access_token;
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: auth(token) });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/me', headers: auth(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().msg).toBe('Sessionen har gått ut. Logga in igen.');
    const anon = await t.app.inject({ url: '/api/me' });
    expect(anon.json().msg).toBe('Du måste logga in');
  });

  it('expires old sessions', async () => {
    const token = (await login('karin_b', 'langt-losen')).json().access_token;
    await t.dbh.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect((await t.app.inject({ url: '/api/me', headers: auth(token) })).statusCode).toBe(401);
  });

  it('updates only the changed profile fields; an e-mail in use is 409', async () => {
    await register({ username: 'olle', password: 'olles-losen', email: 'olle@example.se' });
    const token = (await login('olle', 'olles-losen')).json().access_token;
    const put = (body: unknown) => t.app.inject({ method: 'PUT', url: '/api/profile', ...json(body, auth(token)) });
    const r1 = await put({ full_name: 'Olle Ek' });
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toMatchObject({ full_name: 'Olle Ek', email: 'olle@example.se' });
    const r2 = await put({ email: 'karin@example.se' });
    expect(r2.statusCode).toBe(409);
    expect(r2.json()).toEqual({ msg: 'Email already in use' });
    const r3 = await put({ profile_picture: '/api/avatar?name=Olle%20Ek&size=96' });
    expect(r3.json().profile_picture).toBe('/api/avatar?name=Olle%20Ek&size=96');
    expect((await put({ email: 'nej' })).statusCode).toBe(400);
    expect((await put({ profile_picture: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await put({ account_type: 'admin' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile', ...json({ full_name: 'x' }) })).statusCode).toBe(
      401,
    );
  });

  it('lets an admin list users and change roles, revoking the changed user’s sessions at once', async () => {
    const adminId = await t.app.services.users.create({
      username: 'chefen',
      password: 'chefens-losen',
      account_type: 'admin',
    });
    const adminToken = (await login('chefen', 'chefens-losen')).json().access_token;
    const olleToken = (await login('olle', 'olles-losen')).json().access_token;
    const list = await t.app.inject({ url: '/api/users', headers: auth(adminToken) });
    expect(list.statusCode).toBe(200);
    const olle = list.json().find((u: { username: string }) => u.username === 'olle');
    expect(olle.account_type).toBe('user');

    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${olle.id}/role`,
      ...json({ account_type: 'writer' }, auth(adminToken)),
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().account_type).toBe('writer');
    expect((await t.app.inject({ url: '/api/me', headers: auth(olleToken) })).statusCode).toBe(401);
    const again = (await login('olle', 'olles-losen')).json();
    expect(again.account_type).toBe('writer');

    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${adminId}/role`,
      ...json({ account_type: 'user' }, auth(adminToken)),
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().msg).toBe('Du kan inte ändra din egen roll');
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${olle.id}/role`,
      ...json({ account_type: 'kung' }, auth(adminToken)),
    });
    expect(bad.statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'PUT',
      url: '/api/users/999999/role',
      ...json({ account_type: 'user' }, auth(adminToken)),
    });
    expect(none.statusCode).toBe(404);
  });

  it('shows the caller what the server sees, without secrets', async () => {
    const token = (await login('karin_b', 'langt-losen')).json().access_token;
    const res = await t.app.inject({ url: '/api/debug-auth', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      authenticated: true,
      username: 'Karin_B',
      account_type: 'user',
      token_present: true,
    });
    expect(res.body).not.toContain(token);
    const anon = await t.app.inject({ url: '/api/debug-auth' });
    expect(anon.json()).toMatchObject({ authenticated: false, token_present: false });
  });
});
