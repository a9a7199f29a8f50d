import type { NewsroomSettings, NewsroomSettingsUpdate } from '@vaggen/contract';
import { getJson, sendJson } from '../../lib/api';

/** The paper's own settings (issues 41–44; admin): `GET`/`PUT /api/newsroom/settings`. */
export const settingsApi = {
  get: () => getJson<NewsroomSettings>('/api/newsroom/settings'),
  save: (patch: NewsroomSettingsUpdate) => sendJson<NewsroomSettings>('PUT', '/api/newsroom/settings', patch),
};
