import { type Ban, type BanInput, MODERATION_MSG, type User } from '@vaggen/contract';

// The ban form (issue 16) as pure functions: the address and the fields → what the server takes.

/** How long a ban lasts: days, or for good. */
export const BAN_DURATIONS: readonly { value: string; label: string }[] = [
  { value: '1', label: '1 dag' },
  { value: '7', label: '7 dagar' },
  { value: '30', label: '30 dagar' },
  { value: '365', label: '1 år' },
  { value: 'forever', label: 'För alltid' },
];

export const banTargetText = (b: Ban) =>
  b.name && b.email ? `${b.name} (${b.email})` : (b.name ?? b.email ?? `konto ${b.user_id}`);

type TargetKind = 'account' | 'email';
export interface BanValues {
  targetKind: TargetKind;
  /** A username, or the account's id when it came from the queue (`accountId`). */
  target: string;
  accountId: number | null;
  kind: Ban['kind'];
  duration: string;
  reason: string;
}
export type BanField = 'target' | 'reason';

export const EMPTY_BAN: BanValues = {
  targetKind: 'account',
  target: '',
  accountId: null,
  kind: 'ban',
  duration: '7',
  reason: '',
};

/** The form from the address: "Stäng av" in the queue opens this page with the commenter filled in. */
export function valuesFromParams(params: URLSearchParams): BanValues {
  const account = Number(params.get('konto'));
  const email = params.get('epost');
  const name = params.get('namn') ?? '';
  if (Number.isInteger(account) && account > 0)
    return { ...EMPTY_BAN, targetKind: 'account', target: name, accountId: account };
  if (email) return { ...EMPTY_BAN, targetKind: 'email', target: email };
  return EMPTY_BAN;
}

/** When the ban ends: `days` from `now`, or null for good. */
export function untilFrom(duration: string, now: number): string | null {
  if (duration === 'forever') return null;
  return new Date(now + Number(duration) * 86_400_000).toISOString();
}

/**
 * The form's values → what the server takes; a problem names its field. An account is named by
 * username (looked up in `accounts`) unless it came from the queue with its id.
 */
export function banInput(
  v: BanValues,
  accounts: readonly Pick<User, 'id' | 'username'>[] | null,
  now: number,
): { ok: true; input: BanInput } | { ok: false; problem: { field: BanField; msg: string } } {
  const target = v.target.trim();
  const base = { kind: v.kind, until: untilFrom(v.duration, now), reason: v.reason.trim() || null };
  if (v.targetKind === 'email') {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(target)) {
      return { ok: false, problem: { field: 'target', msg: 'Ange en giltig e-postadress.' } };
    }
    return { ok: true, input: { ...base, user_id: null, email: target } };
  }
  if (v.accountId !== null) return { ok: true, input: { ...base, user_id: v.accountId, email: null } };
  if (!target) return { ok: false, problem: { field: 'target', msg: 'Ange ett användarnamn.' } };
  const lower = target.toLocaleLowerCase('sv-SE');
  const found = accounts?.find((a) => a.username.toLocaleLowerCase('sv-SE') === lower);
  if (!found) return { ok: false, problem: { field: 'target', msg: MODERATION_MSG.banUnknownUser } };
  return { ok: true, input: { ...base, user_id: found.id, email: null } };
}
