import { ROLE_LABELS } from '@vaggen/contract';

/**
 * Marks a comment written by the newsroom (issue 17): readers can tell staff from someone who
 * merely picked a similar name (staff names themselves are reserved on the server).
 */
export function StaffBadge({ role }: { role: 'writer' | 'admin' | null | undefined }) {
  if (role !== 'writer' && role !== 'admin') return null;
  return (
    <span className="staff-badge" title={`${ROLE_LABELS[role]} på Väggen`}>
      Redaktionen
    </span>
  );
}
