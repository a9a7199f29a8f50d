import { z } from 'zod';
import { MESSAGE_AS_IS } from './errors.js';
import { PUSH_BODY_MAX, PUSH_MSG, PUSH_TITLE_MAX } from './push.js';

const asIs = (message: string) => ({ message, params: MESSAGE_AS_IS });
const b64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, asIs(PUSH_MSG.badSubscription));

/** A browser's PushSubscription as JSON (`subscription.toJSON()`). */
export const PushSubscriptionSchema = z
  .object({
    endpoint: z
      .string(asIs(PUSH_MSG.badSubscription))
      .refine((v) => v.length <= 1000 && URL.canParse(v) && /^https?:/.test(v), asIs(PUSH_MSG.badSubscription)),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: b64url.max(200), auth: b64url.max(100) }, asIs(PUSH_MSG.badSubscription)),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

export const PushUnsubscribeSchema = z.object({
  endpoint: z.string(asIs(PUSH_MSG.badSubscription)).max(1000),
});

const text = (required: string, max: number) =>
  z.preprocess(
    (v) => v ?? '',
    z
      .string(asIs(required))
      .trim()
      .min(1, asIs(required))
      .max(max, asIs(`Högst ${max} tecken`)),
  );

/** `POST /api/newsroom/push` (admin). */
export const PushSendSchema = z.object({
  articleId: z.coerce.number().int().positive(),
  entryId: z.coerce.number().int().positive().optional(),
  title: text(PUSH_MSG.titleRequired, PUSH_TITLE_MAX),
  body: text(PUSH_MSG.bodyRequired, PUSH_BODY_MAX),
});
export type PushSend = z.infer<typeof PushSendSchema>;

export const PushSendReceiptSchema = z
  .object({ id: z.number().int(), recipients: z.number().int(), msg: z.string() })
  .meta({ id: 'PushSendReceipt' });
export const PushPublicKeySchema = z.object({ publicKey: z.string() }).meta({ id: 'PushPublicKey' });
export const PushAudienceSchema = z.object({ recipients: z.number().int(), next_allowed_at: z.string().nullable() });
