import { z } from 'zod';

/** `GET` and `POST /api/user/api-token`: the caller's personal token, or null before one is made. */
export const ApiTokenSchema = z.object({ api_token: z.string().nullable() });
