import type { User } from '@vaggen/contract';

export const isAdmin = (u: Pick<User, 'account_type' | 'is_admin'> | null | undefined): boolean =>
  !!u && (u.account_type === 'admin' || u.is_admin);

/** Writers and admins reach /admin and see the Admin button and the API token section (spec 000 §6). */
export const canWrite = (u: Pick<User, 'account_type' | 'is_admin'> | null | undefined): boolean =>
  !!u && (isAdmin(u) || u.account_type === 'writer');

/** The name shown for a user: full name when given, else the username. */
export const displayName = (u: Pick<User, 'full_name' | 'username'>): string => u.full_name?.trim() || u.username;
