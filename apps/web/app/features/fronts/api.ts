import type {
  Front,
  FrontBoard,
  FrontInput,
  FrontOverview,
  FrontSchedule,
  FrontScheduleInput,
  FrontVersion,
  SearchResult,
} from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';

const base = (front: string) => `/api/newsroom/fronts/${encodeURIComponent(front)}`;

/** Issue 41: the newsroom's calls for front pages (admin). */
export const frontsApi = {
  overview: () => getJson<FrontOverview[]>('/api/newsroom/fronts'),
  board: (front: string) => getJson<FrontBoard>(base(front)),
  save: (front: string, input: FrontInput) => sendJson<Front>('PUT', base(front), input),
  versions: (front: string) => getJson<FrontVersion[]>(`${base(front)}/versions`),
  restore: (front: string, version: number, current: number) =>
    sendJson<Front>('POST', `${base(front)}/versions/${version}/restore`, { version: current }),
  schedule: (front: string, input: FrontScheduleInput) =>
    sendJson<FrontSchedule>('POST', `${base(front)}/schedules`, input),
  cancelSchedule: (front: string, id: number) => sendJson<{ msg: string }>('DELETE', `${base(front)}/schedules/${id}`),
  /** Published articles matching the words (the reader search), to pin one. */
  search: (q: string) => getJson<SearchResult>(`/api/search?q=${encodeURIComponent(q)}&limit=10`),
};
