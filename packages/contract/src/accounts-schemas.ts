import { z } from 'zod';
import {
  ACCOUNT_MSG,
  ACCOUNT_TYPES,
  EMAIL_MAX,
  EMAIL_PATTERN,
  FULL_NAME_MAX,
  PASSWORD_MAX_LENGTH,
  PROFILE_PICTURE_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from './accounts.js';
import { PASSWORD_MIN_LENGTH } from './constants.js';

export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);

/** User as returned by login and `GET /me` (spec 000 §3). */
export const UserSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    username: z.string(),
    account_type: AccountTypeSchema,
    is_admin: z.boolean(),
    profile_picture: z.string().nullable(),
    full_name: z.string().nullable(),
    email: z.string().nullable(),
    last_login: z.string().nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

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
  .max(EMAIL_MAX, ACCOUNT_MSG.invalidEmail)
  .refine((v) => EMAIL_PATTERN.test(v), ACCOUNT_MSG.invalidEmail);

/** `null` and empty strings count as "not given" for the optional fields. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema.optional());

export const RegisterSchema = z.object({
  username: z
    .string({ error: ACCOUNT_MSG.registerRequired })
    .trim()
    .min(1, ACCOUNT_MSG.registerRequired)
    .refine(
      (v) => v.length >= USERNAME_MIN && v.length <= USERNAME_MAX && USERNAME_PATTERN.test(v),
      ACCOUNT_MSG.usernameInvalid,
    ),
  password: z
    .string({ error: ACCOUNT_MSG.registerRequired })
    .min(1, ACCOUNT_MSG.registerRequired)
    .min(PASSWORD_MIN_LENGTH, ACCOUNT_MSG.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_MSG.passwordTooLong),
  email: optional(email),
  full_name: optional(z.string().trim().max(FULL_NAME_MAX)),
});

export const LoginSchema = z.object({
  username: z
    .string({ error: 'Ange både användarnamn och lösenord.' })
    .trim()
    .min(1, 'Ange både användarnamn och lösenord.')
    .max(200),
  password: z
    .string({ error: 'Ange både användarnamn och lösenord.' })
    .min(1, 'Ange både användarnamn och lösenord.')
    .max(PASSWORD_MAX_LENGTH),
});

/** Only the changed fields are sent; `null` or "" clears an optional field. */
export const ProfileUpdateSchema = z
  .object({
    profile_picture: z
      .string()
      .trim()
      .max(PROFILE_PICTURE_MAX)
      .refine((v) => v === '' || /^(https?:\/\/|\/)/i.test(v), 'Bild-URL måste börja med http://, https:// eller /')
      .nullable()
      .optional(),
    full_name: z.string().trim().max(FULL_NAME_MAX).nullable().optional(),
    email: z
      .string()
      .trim()
      .max(EMAIL_MAX)
      .refine((v) => v === '' || EMAIL_PATTERN.test(v), ACCOUNT_MSG.invalidEmail)
      .nullable()
      .optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const RoleChangeSchema = z.object({ account_type: AccountTypeSchema });
export const UserIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const ApiTokenSchema = z.object({ api_token: z.string().nullable() });
