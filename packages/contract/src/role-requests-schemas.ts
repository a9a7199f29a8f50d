import { z } from 'zod';
import {
  REJECT_REASON_MAX,
  REQUEST_KINDS,
  REQUEST_MESSAGE_MAX,
  REQUEST_STATUSES,
  ROLE_REQUESTS_MSG,
} from './role-requests.js';

export const RoleRequestInputSchema = z.object({
  message: z
    .string({ error: ROLE_REQUESTS_MSG.requestMotivation })
    .trim()
    .min(1, ROLE_REQUESTS_MSG.requestMotivation)
    .max(REQUEST_MESSAGE_MAX, ROLE_REQUESTS_MSG.requestTooLong),
});

export const RejectInputSchema = z.object({
  reason: z.string().trim().max(REJECT_REASON_MAX, ROLE_REQUESTS_MSG.reasonTooLong).optional().nullable(),
});

export const RoleRequestSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(REQUEST_KINDS),
    message: z.string(),
    status: z.enum(REQUEST_STATUSES),
    reason: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'RoleRequest' });
export type RoleRequest = z.infer<typeof RoleRequestSchema>;
