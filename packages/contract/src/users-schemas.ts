import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.js';
import { MESSAGE_AS_IS } from './errors.js';
import { ONE_LINE_NAME, oneLineName } from './text-schemas.js';
import {
  ACCOUNT_TYPES,
  EMAIL_MAX,
  EMAIL_PATTERN,
  FULL_NAME_MAX,
  isPictureAddress,
  PASSWORD_MAX_LENGTH,
  PROFILE_PICTURE_MAX,
  USERS_MSG,
} from './users.js';

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

/** Only the changed fields are sent; `null` or "" clears an optional field. */
export const ProfileUpdateSchema = z
  .object({
    profile_picture: z
      .string()
      .trim()
      .max(PROFILE_PICTURE_MAX)
      .refine((v) => v === '' || isPictureAddress(v), { message: USERS_MSG.pictureUrlInvalid, params: MESSAGE_AS_IS })
      .nullable()
      .optional(),
    full_name: z.string().trim().max(FULL_NAME_MAX).refine(oneLineName, ONE_LINE_NAME).nullable().optional(),
    email: z
      .string()
      .trim()
      .max(EMAIL_MAX)
      .refine((v) => v === '' || EMAIL_PATTERN.test(v), USERS_MSG.invalidEmail)
      .nullable()
      .optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** Issue 17: change one's own password (the current one is checked; other sessions end). */
export const PasswordChangeSchema = z.object({
  current_password: z
    .string({ error: USERS_MSG.passwordWrong })
    .min(1, USERS_MSG.passwordWrong)
    .max(PASSWORD_MAX_LENGTH),
  new_password: z
    .string({ error: USERS_MSG.passwordTooShort })
    .min(PASSWORD_MIN_LENGTH, USERS_MSG.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, USERS_MSG.passwordTooLong),
});
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

export const RoleChangeSchema = z.object({ account_type: AccountTypeSchema });
export const UserIdParamSchema = z.object({ id: z.coerce.number().int().positive() });
