import type { LoginResponse, User } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';

/** Account calls of spec 000 §7 (under /api on the same origin). */
export const authApi = {
  login: (username: string, password: string) => sendJson<LoginResponse>('POST', '/api/login', { username, password }),
  logout: () => sendJson<{ msg: string }>('POST', '/api/logout'),
  me: () => getJson<User>('/api/me'),
  register: (body: { username: string; password: string; email?: string; full_name?: string }) =>
    sendJson<User>('POST', '/api/register', body),
  updateProfile: (changes: Partial<Record<'profile_picture' | 'full_name' | 'email', string | null>>) =>
    sendJson<User>('PUT', '/api/profile', changes),
  debugAuth: () => getJson<unknown>('/api/debug-auth'),
};
