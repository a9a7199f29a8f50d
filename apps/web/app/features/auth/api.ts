import type { EmailVerificationState, LoginResponse, User } from '@vaggen/contract';
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
  // Issue 21: password reset and e-mail verification.
  forgotPassword: (email: string) => sendJson<{ msg: string }>('POST', '/api/auth/forgot-password', { email }),
  resetPassword: (token: string, password: string) =>
    sendJson<{ msg: string }>('POST', '/api/auth/reset-password', { token, password }),
  verifyEmail: (token: string) => sendJson<{ msg: string }>('POST', '/api/auth/verify-email', { token }),
  emailVerification: () => getJson<EmailVerificationState>('/api/auth/email-verification'),
  resendVerification: () => sendJson<{ msg: string }>('POST', '/api/auth/resend-verification'),
};
