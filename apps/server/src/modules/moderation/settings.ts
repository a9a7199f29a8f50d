import {
  MODERATION_DEFAULTS,
  type ModerationMode,
  type ModerationSettings,
  type ModerationSettingsInput,
  type User,
  type WordEntry,
} from '@vaggen/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { audit } from './audit.js';
import { ModerationSettingsChanged } from './events.js';
import { SWEDISH_WORDS } from './swedish-words.js';
import { WordMatcher } from './words.js';

/** How long a process trusts its cached settings before it compares the stored version (safety net for a lost message). */
const SETTINGS_RECHECK_MS = 30_000;

export interface Compiled {
  settings: ModerationSettings;
  banned: WordMatcher;
  suspect: WordMatcher;
  checkedAt: number;
}

const parseWords = (json: string): WordEntry[] => {
  try {
    const v = JSON.parse(json) as WordEntry[];
    return Array.isArray(v) ? v.map((e) => ({ word: String(e.word), word_beginning: !!e.word_beginning })) : [];
  } catch {
    return [];
  }
};

/**
 * The site's moderation settings (decision 024), compiled once per version per process: a save
 * anywhere tells every process (`ModerationSettingsChanged` on the cluster bus).
 */
export class ModerationSettingsStore {
  private compiled: Compiled | null = null;
  private loading: Promise<Compiled> | null = null;

  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
  ) {}

  /** Drops this process's compiled settings (a save here or in another process). */
  forgetSettings(): void {
    this.compiled = null;
  }

  async readSettings(db: Db = this.db): Promise<ModerationSettings> {
    const r = await db.selectFrom('moderation_settings').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!r) {
      return {
        ...MODERATION_DEFAULTS,
        banned_words: [],
        suspect_words: [],
        version: 0,
        updated_at: null,
      };
    }
    return {
      mode: r.mode as ModerationMode,
      link_limit: r.link_limit === null ? null : Number(r.link_limit),
      hold_repeated: Number(r.hold_repeated) === 1,
      builtin_words: Number(r.builtin_words) === 1,
      auto_close_days: r.auto_close_days === null ? null : Number(r.auto_close_days),
      report_threshold: Number(r.report_threshold),
      queue_alert_threshold: r.queue_alert_threshold === null ? null : Number(r.queue_alert_threshold),
      banned_words: parseWords(r.banned_words),
      suspect_words: parseWords(r.suspect_words),
      version: Number(r.version),
      updated_at: r.updated_at,
    };
  }

  /**
   * The settings with their word lists compiled, once per version per process. A save anywhere
   * drops the cache in every process (services.ts); as a safety net a process compares the stored
   * version every 30 s and recompiles only when it changed.
   */
  async current(now = Date.now()): Promise<Compiled> {
    const c = this.compiled;
    if (c && now - c.checkedAt < SETTINGS_RECHECK_MS) return c;
    if (c) {
      const v = await this.db
        .selectFrom('moderation_settings')
        .select('version')
        .where('id', '=', 1)
        .executeTakeFirst();
      if (v && Number(v.version) === c.settings.version && this.compiled === c) {
        c.checkedAt = now;
        return c;
      }
    }
    this.loading ??= this.readSettings()
      .then((settings) => {
        const fresh: Compiled = {
          settings,
          banned: new WordMatcher(settings.banned_words),
          suspect: new WordMatcher(
            settings.builtin_words ? [...settings.suspect_words, ...SWEDISH_WORDS] : settings.suspect_words,
          ),
          checkedAt: Date.now(),
        };
        this.compiled = fresh;
        return fresh;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /** The settings as this process has them, or read in `db` (inside a transaction: SQLite has one connection). */
  async cachedOrRead(db: Db): Promise<ModerationSettings> {
    return this.compiled?.settings ?? (await this.readSettings(db));
  }

  async getSettings(): Promise<ModerationSettings> {
    return (await this.current()).settings;
  }

  async saveSettings(input: ModerationSettingsInput, actor: User): Promise<ModerationSettings> {
    const before = await this.readSettings();
    const now = nowIso();
    await this.events.transaction(async (trx) => {
      await trx
        .updateTable('moderation_settings')
        .set({
          mode: input.mode,
          link_limit: input.link_limit,
          hold_repeated: input.hold_repeated ? 1 : 0,
          builtin_words: (input.builtin_words ?? before.builtin_words) ? 1 : 0,
          auto_close_days: input.auto_close_days,
          report_threshold: input.report_threshold,
          queue_alert_threshold: input.queue_alert_threshold,
          banned_words: JSON.stringify(dedupe(input.banned_words)),
          suspect_words: JSON.stringify(dedupe(input.suspect_words)),
          version: sql`version + 1`,
          updated_at: now,
          updated_by: actor.id,
        })
        .where('id', '=', 1)
        .execute();
      await this.events.emit(trx, ModerationSettingsChanged({}));
      await audit(trx, 'settings', actor.id, {
        detail: describeSettingsChange(before, {
          ...input,
          builtin_words: input.builtin_words ?? before.builtin_words,
          banned_words: dedupe(input.banned_words),
          suspect_words: dedupe(input.suspect_words),
        }),
      });
    });
    this.forgetSettings();
    return this.getSettings();
  }
}

/** One entry per word (the same word twice keeps its first flag). */
function dedupe(list: WordEntry[]): WordEntry[] {
  const seen = new Set<string>();
  return list.filter((e) => {
    const k = e.word.normalize('NFC').toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The audit line of a settings save: what changed, in Swedish. */
function describeSettingsChange(before: ModerationSettings, after: ModerationSettingsInput): string {
  const parts: string[] = [];
  if (before.mode !== after.mode) parts.push(`läge ${before.mode} → ${after.mode}`);
  if (before.link_limit !== after.link_limit)
    parts.push(`länkgräns ${before.link_limit ?? 'ingen'} → ${after.link_limit ?? 'ingen'}`);
  if (before.hold_repeated !== after.hold_repeated)
    parts.push(`upprepad text ${after.hold_repeated ? 'granskas' : 'tillåts'}`);
  if (after.builtin_words !== undefined && before.builtin_words !== after.builtin_words)
    parts.push(`svensk ordlista ${after.builtin_words ? 'på' : 'av'}`);
  if (before.auto_close_days !== after.auto_close_days)
    parts.push(`stängs efter ${before.auto_close_days ?? '–'} → ${after.auto_close_days ?? '–'} dagar`);
  if (before.report_threshold !== after.report_threshold)
    parts.push(`anmälningsgräns ${before.report_threshold} → ${after.report_threshold}`);
  if (before.queue_alert_threshold !== after.queue_alert_threshold)
    parts.push(`kölarm ${before.queue_alert_threshold ?? 'av'} → ${after.queue_alert_threshold ?? 'av'}`);
  const words = (l: WordEntry[]) => l.map((w) => `${w.word}${w.word_beginning ? '*' : ''}`);
  const diff = (label: string, a: WordEntry[], b: WordEntry[]) => {
    const was = new Set(words(a));
    const now = new Set(words(b));
    const added = [...now].filter((w) => !was.has(w));
    const removed = [...was].filter((w) => !now.has(w));
    if (added.length) parts.push(`${label} tillagda: ${added.slice(0, 20).join(', ')}${added.length > 20 ? ' …' : ''}`);
    if (removed.length)
      parts.push(`${label} borttagna: ${removed.slice(0, 20).join(', ')}${removed.length > 20 ? ' …' : ''}`);
  };
  diff('förbjudna ord', before.banned_words, after.banned_words);
  diff('misstänkta ord', before.suspect_words, after.suspect_words);
  return parts.length ? parts.join('; ') : 'inga ändringar';
}
