import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

describe.each(dialects)('API tokens on %s', (dialect) => {
  let t: TestApp;
  let writerToken: string;
  let writerId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    writerId = await t.app.services.users.create({
      username: 'skribenten',
      password: 'skriv-losen',
      account_type: 'writer',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'skribenten', password: 'skriv-losen' },
    });
    writerToken = res.json().access_token;
  });
  afterAll(() => t?.close());

  it('starts empty, generates, shows again, and replaces the old token at once', async () => {
    const headers = { authorization: `Bearer ${writerToken}` };
    expect((await t.app.inject({ url: '/api/api-token', headers })).json()).toEqual({ api_token: null });
    const first = (await t.app.inject({ method: 'POST', url: '/api/api-token', headers })).json().api_token;
    expect(first).toMatch(/^vg_[A-Za-z0-9_-]{40}$/);
    expect((await t.app.inject({ url: '/api/api-token', headers })).json().api_token).toBe(first);
    expect((await t.app.services.apiTokens.authenticate(first)).id).toBe(writerId);

    const second = (await t.app.inject({ method: 'POST', url: '/api/api-token', headers })).json().api_token;
    expect(second).not.toBe(first);
    await expect(t.app.services.apiTokens.authenticate(first)).rejects.toMatchObject({ statusCode: 401 });
    expect((await t.app.services.apiTokens.authenticate(second)).username).toBe('skribenten');
  });

  it('keeps the database free of the token and the logs free of it', async () => {
    const headers = { authorization: `Bearer ${writerToken}` };
    const token = (await t.app.inject({ method: 'POST', url: '/api/api-token', headers })).json().api_token;
    const rows = await t.dbh.db.selectFrom('api_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token.slice(3, 20));
    expect(t.logs.join('\n')).not.toContain(token);
    expect(t.logs.join('\n')).not.toContain(writerToken);
  });

  it('refuses the token to plain users, and keys of users who lost their role', async () => {
    await t.app.services.users.create({ username: 'lasaren', password: 'lasar-losen' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'lasaren', password: 'lasar-losen' },
    });
    const headers = { authorization: `Bearer ${res.json().access_token}` };
    expect((await t.app.inject({ url: '/api/api-token', headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/api-token', headers })).statusCode).toBe(403);

    const key = await t.app.services.apiTokens.regenerate(writerId);
    await t.dbh.db.updateTable('users').set({ account_type: 'user' }).where('id', '=', writerId).execute();
    await expect(t.app.services.apiTokens.authenticate(key)).rejects.toMatchObject({ statusCode: 403 });
    await t.dbh.db.updateTable('users').set({ account_type: 'writer' }).where('id', '=', writerId).execute();
  });
});
