import type { EmailVerificationState, User } from '@vaggen/contract';
import { getJson, sendJson } from '../api';

/**
 * The signed-in account's own calls (spec 000 §7), shared by every feature that needs them: the
 * session loads and logs out through them, the profile and the comment form use the rest.
 */
export const accountApi = {
  logout: () => sendJson<{ msg: string }>('POST', '/api/logout'),
  me: () => getJson<User>('/api/me'),
  updateProfile: (changes: Partial<Record<'profile_picture' | 'full_name' | 'email', string | null>>) =>
    sendJson<User>('PUT', '/api/profile', changes),
  emailVerification: () => getJson<EmailVerificationState>('/api/auth/email-verification'),
  resendVerification: () => sendJson<{ msg: string }>('POST', '/api/auth/resend-verification'),
};
