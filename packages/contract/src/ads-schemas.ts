import { z } from 'zod';
import { AD_TYPES, ADS_DEFAULT_LIMIT, ADS_MAX_LIMIT } from './constants.js';

export const AdTypeSchema = z.enum(AD_TYPES);

/** Ad of spec 000 §3. */
export const AdSchema = z.object({
  id: z.number().int(),
  type: AdTypeSchema,
  title: z.string(),
  company: z.string(),
  link_url: z.string(),
  image_url: z.string(),
});
export type Ad = z.infer<typeof AdSchema>;

export const AdsQuerySchema = z.object({
  type: AdTypeSchema.default('square'),
  limit: z.coerce.number().int().min(1).max(ADS_MAX_LIMIT).default(ADS_DEFAULT_LIMIT),
});
