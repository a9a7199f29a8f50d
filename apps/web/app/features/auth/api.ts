import type { LoginResponse, User } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';
import { accountApi } from '../../lib/session/api';

/** Account calls of spec 000 §7 (under /api on the same origin); the signed-in account's own are `accountApi`. */
export const authApi = {
  ...accountApi,
  login: (username: string, password: string) => sendJson<LoginResponse>('POST', '/api/login', { username, password }),
  register: (body: { username: string; password: string; email?: string; full_name?: string }) =>
    sendJson<User>('POST', '/api/register', body),
  debugAuth: () => getJson<unknown>('/api/debug-auth'),
  // Issue 21: password reset and e-mail verification.
  forgotPassword: (email: string) => sendJson<{ msg: string }>('POST', '/api/auth/forgot-password', { email }),
  resetPassword: (token: string, password: string) =>
    sendJson<{ msg: string }>('POST', '/api/auth/reset-password', { token, password }),
  verifyEmail: (token: string) => sendJson<{ msg: string }>('POST', '/api/auth/verify-email', { token }),
};
