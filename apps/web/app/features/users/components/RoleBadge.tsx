import { type AccountType, ROLE_LABELS } from '@vaggen/contract';

/** Administratör / Skribent / Läsare (spec 001 §2). */
export function RoleBadge({ type }: { type: AccountType }) {
  return <span className={`role-badge role-${type}`}>{ROLE_LABELS[type]}</span>;
}
