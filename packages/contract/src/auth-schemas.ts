import { z } from 'zod';
import { AUTH_MSG } from './auth.js';
import { PASSWORD_MIN_LENGTH } from './constants.js';
import { MESSAGE_AS_IS } from './errors.js';
import { MSG } from './messages.js';
import { ONE_LINE_NAME, oneLineName } from './text-schemas.js';
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  FULL_NAME_MAX,
  isValidUsername,
  normalizeUsername,
  PASSWORD_MAX_LENGTH,
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
    .transform(normalizeUsername)
    .refine(isValidUsername, { message: USERS_MSG.usernameInvalid, params: MESSAGE_AS_IS }),
  password: z
    .string({ error: AUTH_MSG.registerRequired })
    .min(1, AUTH_MSG.registerRequired)
    .min(PASSWORD_MIN_LENGTH, USERS_MSG.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, USERS_MSG.passwordTooLong),
  email: optional(email),
  full_name: optional(z.string().trim().max(FULL_NAME_MAX).refine(oneLineName, ONE_LINE_NAME)),
});

export const LoginSchema = z.object({
  username: z.string({ error: MSG.loginRequired }).trim().min(1, MSG.loginRequired).max(200),
  password: z.string({ error: MSG.loginRequired }).min(1, MSG.loginRequired).max(PASSWORD_MAX_LENGTH),
});

/** A string field whose rule's message is the whole answer (no `Invalid request: field:` prefix). */
const checked = (missing: string, rules: [(v: string) => boolean, string][], trim = true) =>
  z.string({ error: missing }).superRefine((raw, ctx) => {
    const v = trim ? raw.trim() : raw;
    const broken = rules.find(([ok]) => !ok(v));
    if (broken) ctx.addIssue({ code: 'custom', message: broken[1], input: raw, params: MESSAGE_AS_IS });
  });
/** A field left out is refused with the same message as an empty one. */
const given = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === undefined || v === null ? '' : v), schema);

/** Issue 21: `POST /auth/forgot-password`. */
export const ForgotPasswordSchema = z.object({
  email: given(
    checked(USERS_MSG.invalidEmail, [[(v) => v.length <= EMAIL_MAX && EMAIL_PATTERN.test(v), USERS_MSG.invalidEmail]]),
  ).transform((v) => v.trim()),
});
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

const token = given(
  checked(AUTH_MSG.resetLinkMissing, [
    [(v) => v.length > 0, AUTH_MSG.resetLinkMissing],
    [(v) => v.length <= 200, AUTH_MSG.resetLinkInvalid],
  ]),
).transform((v) => v.trim());

/** Issue 21: `POST /auth/reset-password`; the password rules are those of registration. */
export const ResetPasswordSchema = z.object({
  token,
  password: given(
    checked(
      USERS_MSG.passwordTooShort,
      [
        [(v) => v.length >= PASSWORD_MIN_LENGTH, USERS_MSG.passwordTooShort],
        [(v) => v.length <= PASSWORD_MAX_LENGTH, USERS_MSG.passwordTooLong],
      ],
      false,
    ),
  ),
});
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

/** Issue 21: `POST /auth/verify-email`. */
export const VerifyEmailSchema = z.object({ token });
export type VerifyEmail = z.infer<typeof VerifyEmailSchema>;
/** Issue 21: `GET /auth/email-verification`: must the caller confirm the e-mail before commenting? */
export const EmailVerificationStateSchema = z
  .object({
    /** The admin setting is on. */
    required: z.boolean(),
    /** The account's e-mail is confirmed (existing accounts count as confirmed). */
    verified: z.boolean(),
    email: z.string().nullable(),
  })
  .meta({ id: 'EmailVerificationState' });
export type EmailVerificationState = z.infer<typeof EmailVerificationStateSchema>;
