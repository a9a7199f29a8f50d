import { z } from 'zod';
import { TICKER_LIMIT } from './constants.js';

/** News ticker item of spec 000 §3. */
export const TickerItemSchema = z.object({
  title: z.string(),
  url: z.string(),
  description: z.string(),
});
export type TickerItem = z.infer<typeof TickerItemSchema>;

export const TickerQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(TICKER_LIMIT),
});

/** `GET /api/sr_news`: `source` says whether the items are live or the upstream failed (then `items` is empty). */
export const TickerResponseSchema = z.object({
  items: z.array(TickerItemSchema),
  source: z.enum(['upstream', 'unavailable']),
});
export type TickerResponse = z.infer<typeof TickerResponseSchema>;
