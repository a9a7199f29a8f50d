import type { TestApp } from './helpers.js';

/**
 * Creates an account of the given role and returns its id, its password and a fresh bearer token.
 * The full name is "<username> Testsson" unless given.
 */
export async function userWithToken(
  t: TestApp,
  username: string,
  role: 'user' | 'writer' | 'admin',
  opts: { fullName?: string } = {},
): Promise<{ id: number; password: string; token: string; headers: { authorization: string } }> {
  const password = `${username}-hemligt-losen`;
  const id = await t.app.services.users.create({
    username,
    password,
    account_type: role,
    full_name: opts.fullName ?? `${username} Testsson`,
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const token = res.json().access_token as string;
  return { id, password, token, headers: { authorization: `Bearer ${token}` } };
}

/** A multipart/form-data body built by hand (no extra dependency). */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; filename: string; type: string; data: Buffer }[] = [],
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----vaggen${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
