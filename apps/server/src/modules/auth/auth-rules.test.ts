import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { sha256 } from '../../lib/secret.js';

/** Rules of the auth module the other tests leave open (found by mutation testing), through HTTP. */
describe.each(dialects)('auth rules on %s', (dialect) => {
  let t: TestApp;
  let n = 0;
  const register = (ip: string, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: ip,
      payload: { username: `konto_${++n}`, password: 'ett-langt-losen', ...extra },
    });
  const login = (username: string, password = 'ett-langt-losen') =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: `10.37.9.${++n % 250}`,
      payload: { username, password },
    });

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { REGISTRATIONS_PER_HOUR: '3' } });
  });
  afterAll(() => t?.close());

  it('allows REGISTRATIONS_PER_HOUR registrations per address, then 429; refused ones do not count', async () => {
    const ip = '10.37.0.1';
    expect((await register(ip, { username: 'x' })).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await register(ip)).statusCode).toBe(201);
    const fourth = await register(ip);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ msg: 'För många registreringar från din adress. Försök igen senare.' });
    expect((await register('10.37.0.2')).statusCode).toBe(201);
  });

  it('gives a new account role user and the generated avatar of its name, whatever is sent', async () => {
    const res = await register('10.37.0.3', { username: 'ny_person', full_name: '  Nora Ny ', account_type: 'admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: 'ny_person',
      account_type: 'user',
      is_admin: false,
      full_name: 'Nora Ny',
      profile_picture: '/api/avatar?name=Nora%20Ny',
    });
    const plain = await register('10.37.0.4', { username: 'utan.namn' });
    expect(plain.json().profile_picture).toBe('/api/avatar?name=utan.namn');
  });

  it('answers a token that is too long or unknown as an expired session, and logs out only that session', async () => {
    for (const token of ['x'.repeat(201), 'okand-token']) {
      const res = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: 'Sessionen har gått ut. Logga in igen.' });
    }
    expect((await register('10.37.0.5', { username: 'tva_sessioner' })).statusCode).toBe(201);
    const a = (await login('tva_sessioner')).json().access_token as string;
    const b = (await login('tva_sessioner')).json().access_token as string;
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{40,200}$/);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${a}` } });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${a}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${b}` } })).statusCode).toBe(200);
  });

  it('the session purge removes expired sessions only', async () => {
    expect((await register('10.37.0.6', { username: 'rensas' })).statusCode).toBe(201);
    const live = (await login('rensas')).json().access_token as string;
    const old = (await login('rensas')).json().access_token as string;
    const stored = async (token: string) =>
      (await t.dbh.db
        .selectFrom('sessions')
        .select('user_id')
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst()) !== undefined;
    await t.dbh.db
      .updateTable('sessions')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('token_hash', '=', sha256(old))
      .execute();
    await t.app.services.auth.purgeExpired();
    expect(await stored(old)).toBe(false);
    expect(await stored(live)).toBe(true);
    expect((await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${live}` } })).statusCode).toBe(200);
  });

  it('an expired session answers 401 and is deleted on its first use, without waiting for the purge', async () => {
    expect((await register('10.37.0.7', { username: 'utgangen' })).statusCode).toBe(201);
    const token = (await login('utgangen')).json().access_token as string;
    const rows = () =>
      t.dbh.db.selectFrom('sessions').select('user_id').where('token_hash', '=', sha256(token)).execute();
    await t.dbh.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(token))
      .execute();
    expect(await rows()).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
      401,
    );
    expect(await rows()).toHaveLength(0);
  });

  it('the purge keeps reset and verification tokens for a day past their expiry, then removes them', async () => {
    expect((await register('10.37.0.8', { username: 'lankagare' })).statusCode).toBe(201);
    const userId = (await t.app.services.users.findIdByUsername('lankagare')) as number;
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
    const [recent, old] = await Promise.all(
      [23, 25].map(async (h) => {
        const row = await t.dbh.db
          .insertInto('account_tokens')
          .values({
            user_id: userId,
            purpose: 'password-reset',
            token_hash: sha256(`token-${h}`),
            email: null,
            created_at: hoursAgo(h + 1),
            expires_at: hoursAgo(h),
            used_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(row.id);
      }),
    );
    await t.app.services.auth.purgeExpired();
    const left = await t.dbh.db.selectFrom('account_tokens').select('id').where('id', 'in', [recent, old]).execute();
    expect(left.map((r) => Number(r.id))).toEqual([recent]);
  });
});
