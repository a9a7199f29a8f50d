import { z } from 'zod';

/** Every error response of the API: `{ "msg": "…" }` (DESIGN.md, Contract). */
export const ErrorSchema = z.object({ msg: z.string() }).meta({ id: 'Error' });
export type ApiError = z.infer<typeof ErrorSchema>;

/**
 * `params` of a zod issue whose message is the whole answer: the error handler sends it as
 * `{ msg }` as it is, without the usual `Invalid request: <field>: ` prefix
 * (e.g. "Unknown category: mode", a text the clients show).
 */
export const MESSAGE_AS_IS = { messageAsIs: true } as const;
