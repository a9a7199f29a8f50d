import type { ModerationSettings } from '@vaggen/contract';
import { describe, expect, it } from 'vitest';
import { settingsFromValues, toValues } from './settingsForm';

const STORED: ModerationSettings = {
  mode: 'first-time',
  link_limit: 2,
  hold_repeated: true,
  builtin_words: true,
  auto_close_days: null,
  report_threshold: 3,
  queue_alert_threshold: 50,
  banned_words: [{ word: 'idiot', word_beginning: true }],
  suspect_words: [
    { word: 'bluff', word_beginning: false },
    { word: 'åsna', word_beginning: true },
  ],
  version: 4,
  updated_at: '2026-11-25T07:00:00.000Z',
};

describe('the settings form (issue 16)', () => {
  it('shows stored settings as fields, empty where there is no limit', () => {
    expect(toValues(STORED)).toEqual({
      mode: 'first-time',
      linkLimit: '2',
      holdRepeated: true,
      builtinWords: true,
      autoCloseDays: '',
      reportThreshold: '3',
      alertThreshold: '50',
      banned: 'idiot*',
      suspect: 'bluff\nåsna*',
    });
  });

  it('sends back what it showed (without the version)', () => {
    const { version: _v, updated_at: _u, ...input } = STORED;
    expect(settingsFromValues(toValues(STORED))).toEqual({ ok: true, settings: input });
  });

  it('turns empty number fields into "none" and trims numbers', () => {
    const r = settingsFromValues({ ...toValues(STORED), linkLimit: '', autoCloseDays: ' 14 ', alertThreshold: '' });
    expect(r.ok && [r.settings.link_limit, r.settings.auto_close_days, r.settings.queue_alert_threshold]).toEqual([
      null,
      14,
      null,
    ]);
  });

  it('names the field of a number out of range or not whole', () => {
    const base = toValues(STORED);
    expect(settingsFromValues({ ...base, reportThreshold: '0' })).toEqual({
      ok: false,
      problem: { field: 'reportThreshold', msg: 'Antal anmälningar ska vara ett heltal mellan 1 och 100.' },
    });
    expect(settingsFromValues({ ...base, reportThreshold: '' })).toMatchObject({
      ok: false,
      problem: { field: 'reportThreshold' },
    });
    expect(settingsFromValues({ ...base, linkLimit: '1.5' })).toMatchObject({
      ok: false,
      problem: { field: 'linkLimit' },
    });
    expect(settingsFromValues({ ...base, autoCloseDays: '0' })).toMatchObject({
      ok: false,
      problem: { field: 'autoCloseDays' },
    });
  });

  it('names the list and the line of a bad word', () => {
    expect(settingsFromValues({ ...toValues(STORED), suspect: 'bra\nid*ot' })).toEqual({
      ok: false,
      problem: { field: 'suspect', msg: 'Misstänkta ord: Rad 2: stjärnan får bara stå sist ("id*ot").' },
    });
  });
});
