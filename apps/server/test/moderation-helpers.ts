import type { ModerationSettingsInput } from '@vaggen/contract';
import { expect } from 'vitest';
import type { TestApp } from './helpers.js';

/** Moderation settings that hold nothing back: each test turns on what it is about. */
export const MODERATION_DEFAULTS: ModerationSettingsInput = {
  mode: 'publish',
  link_limit: null,
  hold_repeated: false,
  auto_close_days: null,
  report_threshold: 3,
  queue_alert_threshold: null,
  banned_words: [],
  suspect_words: [],
};

/** Saves `settings` through the API as `admin` (200 expected); answers the saved settings. */
export async function putModerationSettings(
  t: TestApp,
  admin: { headers: Record<string, string> },
  settings: ModerationSettingsInput,
) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/moderation/settings',
    headers: admin.headers,
    payload: settings,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Publishes an article through the API as `who` (201 expected); answers its id. */
export async function postArticle(
  t: TestApp,
  who: { headers: Record<string, string> },
  title: string,
  category = 'NYHETER',
): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/articles',
    headers: who.headers,
    payload: { title, content: '<p>Text.</p>', category },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
