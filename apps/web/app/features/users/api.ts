import { type AccountType, USERS_CACHE_MS, type User } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';
import { onSessionEnd } from '../../lib/sessionEnd';

export const usersApi = {
  list: () => getJson<User[]>('/api/users'),
  setRole: (id: number, account_type: AccountType) => sendJson<User>('PUT', `/api/users/${id}/role`, { account_type }),
  getApiToken: () => getJson<{ api_token: string | null }>('/api/api-token'),
  newApiToken: () => sendJson<{ api_token: string | null }>('POST', '/api/api-token'),
};

/** Spec 001 §9: the user list is cached for 5 minutes (per admin; dropped on logout or a change). */
let cache: { ownerId: number; at: number; users: User[] } | null = null;
onSessionEnd(() => {
  cache = null;
});

export function cachedUsers(ownerId: number): User[] | null {
  return cache && cache.ownerId === ownerId && Date.now() - cache.at < USERS_CACHE_MS ? cache.users : null;
}

export async function loadUsers(ownerId: number, { force = false } = {}): Promise<User[]> {
  const hit = force ? null : cachedUsers(ownerId);
  if (hit) return hit;
  const users = await usersApi.list();
  cache = { ownerId, at: Date.now(), users };
  return users;
}

export function dropUsersCache(): void {
  cache = null;
}
