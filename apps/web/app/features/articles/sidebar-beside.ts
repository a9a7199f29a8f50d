import { SIDEBAR_LATEST_COUNT, SIDEBAR_NEXT_COUNT, type SidebarData } from '@vaggen/contract';

/**
 * Issue 41: SENASTE NYTT and SENASTE without the articles the list beside them already shows (a
 * front's pinned stories and the first items): the newest others, filled from `more`. Elsewhere
 * (no ids) the sidebar is as the spec says, the six newest.
 */
export function sidebarBeside(data: SidebarData, beside: readonly number[]): SidebarData {
  if (beside.length === 0) return data;
  const shown = new Set(beside);
  const pool = [...data.latest, ...data.next, ...(data.more ?? [])].filter((a) => !shown.has(a.id));
  return {
    ...data,
    latest: pool.slice(0, SIDEBAR_LATEST_COUNT),
    next: pool.slice(SIDEBAR_LATEST_COUNT, SIDEBAR_LATEST_COUNT + SIDEBAR_NEXT_COUNT),
  };
}
