import { z } from 'zod';
import { AUTH_MSG } from './auth.js';
import { PASSWORD_MIN_LENGTH } from './constants.js';
import { MSG } from './messages.js';
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  FULL_NAME_MAX,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  USERS_MSG,
} from './users.js';
import { AccountTypeSchema } from './users-schemas.js';

/** `POST /login` response (spec 000 §3). */
export const LoginResponseSchema = z.object({
  access_token: z.string(),
  username: z.string(),
  is_admin: z.boolean(),
  user_id: z.number().int(),
  profile_picture: z.string().nullable(),
  account_type: AccountTypeSchema,
  full_name: z.string().nullable(),
  email: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

const email = z
  .string()
  .trim()
  .max(EMAIL_MAX, USERS_MSG.invalidEmail)
  .refine((v) => EMAIL_PATTERN.test(v), USERS_MSG.invalidEmail);

/** `null` and empty strings count as "not given" for the optional fields. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema.optional());

export const RegisterSchema = z.object({
  username: z
    .string({ error: AUTH_MSG.registerRequired })
    .trim()
    .min(1, AUTH_MSG.registerRequired)
    .refine(
      (v) => v.length >= USERNAME_MIN && v.length <= USERNAME_MAX && USERNAME_PATTERN.test(v),
      USERS_MSG.usernameInvalid,
    ),
  password: z
    .string({ error: AUTH_MSG.registerRequired })
    .min(1, AUTH_MSG.registerRequired)
    .min(PASSWORD_MIN_LENGTH, USERS_MSG.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, USERS_MSG.passwordTooLong),
  email: optional(email),
  full_name: optional(z.string().trim().max(FULL_NAME_MAX)),
});

export const LoginSchema = z.object({
  username: z.string({ error: MSG.loginRequired }).trim().min(1, MSG.loginRequired).max(200),
  password: z.string({ error: MSG.loginRequired }).min(1, MSG.loginRequired).max(PASSWORD_MAX_LENGTH),
});
