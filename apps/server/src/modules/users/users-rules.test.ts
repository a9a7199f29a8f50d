import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

/** Rules of the users module the other tests leave open (found by mutation testing), through HTTP. */
describe.each(dialects)('user rules on %s', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let ip = 0;
  const register = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: `10.35.0.${++ip}`, payload });
  const login = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: `10.35.1.${++ip}`,
      payload: { username, password },
    });
  const profile = (who: Who, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/profile', headers: who.headers, payload });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await userWithToken(t, 'anv_admin', 'admin');
  });
  afterAll(() => t?.close());

  it('trims the profile, clears fields sent empty or null, and lets a person keep their own e-mail', async () => {
    const p = await userWithToken(t, 'profilen', 'user');
    const set = await profile(p, {
      full_name: '  Pia Profil  ',
      email: ' Pia@Example.se ',
      profile_picture: ' /uploads/bild.webp ',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      full_name: 'Pia Profil',
      email: 'Pia@Example.se',
      profile_picture: '/uploads/bild.webp',
    });
    // the same address again, in other casing, is still hers
    const same = await profile(p, { email: 'pia@example.se' });
    expect(same.statusCode).toBe(200);
    expect(same.json().email).toBe('pia@example.se');
    const cleared = await profile(p, { full_name: '', email: null, profile_picture: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ full_name: null, email: null, profile_picture: null });
    // an empty change changes nothing and still answers with the user
    const nothing = await profile(p, {});
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toMatchObject({ username: 'profilen', full_name: null });
  });

  it('refuses another account’s e-mail in any casing, on the profile and at registration', async () => {
    const a = await userWithToken(t, 'forsta', 'user');
    const b = await userWithToken(t, 'andra', 'user');
    expect((await profile(a, { email: 'delad@example.se' })).statusCode).toBe(200);
    const taken = await profile(b, { email: 'DELAD@example.se' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ msg: 'Email already in use' });
    const reg = await register({ username: 'tredje', password: 'tredje-losen', email: ' Delad@Example.SE ' });
    expect(reg.statusCode).toBe(409);
    expect(reg.json()).toEqual({ msg: 'Email already in use' });
  });

  it('the unique indexes decide a race: a second account with the name or e-mail gets the 409, never a 500', async () => {
    const { users } = t.app.services;
    const id = await users.create({
      username: '  Kapplopare ',
      password: 'kapplopare-losen',
      email: ' Kapp@Example.se ',
      full_name: '  Karl Kapp ',
    });
    // stored trimmed, looked up in any casing and with spaces around
    expect(await users.findIdByUsername('KAPPLOPARE')).toBe(id);
    expect(await users.findIdByUsername(' kapplopare  ')).toBe(id);
    expect((await users.findRowByEmail('  KAPP@example.SE '))?.id).toBe(id);
    expect(await users.findRowByEmail('kapp@example.se.')).toBeUndefined();
    expect(await users.emailTaken('KAPP@EXAMPLE.SE')).toBe(true);
    expect(await users.emailTaken('kapp@example.se', id)).toBe(false);
    const row = await users.getRowById(id);
    expect([row?.username, row?.email, row?.full_name]).toEqual(['Kapplopare', 'Kapp@Example.se', 'Karl Kapp']);
    // no check before the insert here: the index refuses, and the answer names what is taken
    await expect(users.create({ username: 'kapplopare', password: 'annat-losen-1' })).rejects.toMatchObject({
      statusCode: 409,
      message: 'Användarnamnet är redan taget',
    });
    await expect(
      users.create({ username: 'kapp2', password: 'annat-losen-2', email: 'KAPP@example.se' }),
    ).rejects.toMatchObject({ statusCode: 409, message: 'Email already in use' });
    // two people saving the same new address at once: one gets it, the other the 409
    const a = await users.create({ username: 'kapp_a', password: 'kapp-a-losen' });
    const b = await users.create({ username: 'kapp_b', password: 'kapp-b-losen' });
    const both = await Promise.allSettled([
      users.updateProfile(a, { email: 'samma@example.se' }),
      users.updateProfile(b, { email: 'samma@example.se' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { statusCode: 409, message: 'Email already in use' },
    });
  });

  it('a display name of only spaces is no name (nor a name key); a missing account has no data to download', async () => {
    const { users } = t.app.services;
    const id = await users.create({ username: 'blank_namn', password: 'blank-namn-losen', full_name: '   ' });
    const row = await users.getRowById(id);
    expect([row?.full_name, row?.full_name_lower]).toEqual([null, null]);
    expect(await users.exportForUser(id)).toMatchObject({ id, username: 'blank_namn', full_name: null });
    expect(await users.exportForUser(987_654)).toBeNull();
    // the same through the registration: a blank name is no name, and no one's reserved name
    const reg = await register({ username: 'blank_namn2', password: 'blank-namn-losen', full_name: '   ' });
    expect(reg.statusCode, reg.body).toBe(201);
    const row2 = await users.getRowById(Number(reg.json().user_id ?? reg.json().id));
    expect([row2?.username, row2?.full_name, row2?.full_name_lower]).toEqual(['blank_namn2', null, null]);
    expect(await users.isStaffName('   ')).toBe(false);
    // a failure that is not a taken name or address is not answered as one
    await expect(
      users.create({ username: 'utan_losen', password: undefined as unknown as string }),
    ).rejects.not.toMatchObject({ statusCode: 409 });
    expect(await users.findIdByUsername('utan_losen')).toBeNull();
  });

  it('finds a username in any casing and with spaces around it, at login and at registration', async () => {
    const reg = await register({ username: 'Stina_S', password: 'stinas-losen', email: 'stina@example.se' });
    expect(reg.statusCode).toBe(201);
    const ok = await login('  STINA_s ', 'stinas-losen');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ username: 'Stina_S', email: 'stina@example.se', account_type: 'user' });
    const dup = await register({ username: 'stina_s', password: 'annat-losen' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ msg: 'Användarnamnet är redan taget' });
  });

  it('lists users for admins by username, whatever the casing, without password hashes', async () => {
    await userWithToken(t, 'Bertil', 'user');
    await userWithToken(t, 'adam', 'writer');
    const res = await t.app.inject({ url: '/api/users', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { username: string }[]).map((u) => u.username);
    const sorted = [...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase()));
    expect(names).toEqual(sorted);
    expect(names.indexOf('adam')).toBeLessThan(names.indexOf('Bertil'));
    expect(res.body).not.toContain('argon2');
    const adam = res.json().find((u: { username: string }) => u.username === 'adam');
    expect(adam).toMatchObject({ account_type: 'writer', is_admin: false, id: adam.user_id });
  });

  it('a role change by an admin answers with the changed user and ends only that user’s sessions', async () => {
    const target = await userWithToken(t, 'befordras', 'user');
    const bystander = await userWithToken(t, 'askadare', 'user');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}/role`,
      headers: admin.headers,
      payload: { account_type: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.id, username: 'befordras', account_type: 'admin', is_admin: true });
    expect((await t.app.inject({ url: '/api/me', headers: target.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/me', headers: bystander.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: admin.headers })).statusCode).toBe(200);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/users/987654/role',
      headers: admin.headers,
      payload: { account_type: 'user' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: 'Användaren finns inte' });
  });
});
