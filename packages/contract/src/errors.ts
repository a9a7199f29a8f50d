import { z } from 'zod';

/** Every error response of the API: `{ "msg": "…" }` (DESIGN.md, Contract). */
export const ErrorSchema = z.object({ msg: z.string() });
export type ApiError = z.infer<typeof ErrorSchema>;
