/**
 * Issue 41: staff invitations — zod schemas. Texts and constants: staff-invitations.ts.
 *
 *   GET    /newsroom/staff-invitations          admin → StaffInvitation[] (open ones, newest first)
 *   POST   /newsroom/staff-invitations          admin  StaffInvitationInput → StaffInvitation (201)
 *   DELETE /newsroom/staff-invitations/:id      admin → 204
 *   GET    /staff-invitations/:token            public → StaffInvitationPreview
 *   POST   /staff-invitations/:token/accept     logged in → { msg, account_type }
 */
import { z } from 'zod';
import { MESSAGE_AS_IS } from './errors.js';
import { STAFF_INVITATION_ROLES, STAFF_TEXT } from './staff-invitations.js';
import { EMAIL_MAX, EMAIL_PATTERN } from './users.js';

export const StaffInvitationInputSchema = z.object({
  email: z
    .string({ error: STAFF_TEXT.badEmail })
    .trim()
    .toLowerCase()
    .refine((v) => v.length <= EMAIL_MAX && EMAIL_PATTERN.test(v), {
      message: STAFF_TEXT.badEmail,
      params: MESSAGE_AS_IS,
    }),
  role: z.enum(STAFF_INVITATION_ROLES),
});
export type StaffInvitationInput = z.infer<typeof StaffInvitationInputSchema>;

export const StaffInvitationSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: z.enum(STAFF_INVITATION_ROLES),
    invited_by_name: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'StaffInvitation' });
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>;

export const StaffInvitationPreviewSchema = z.object({
  role: z.enum(STAFF_INVITATION_ROLES),
  invited_by_name: z.string(),
  expires_at: z.string(),
});
export type StaffInvitationPreview = z.infer<typeof StaffInvitationPreviewSchema>;

export const StaffInvitationTokenParamSchema = z.object({ token: z.string().min(20).max(100) });
