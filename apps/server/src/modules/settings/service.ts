import { NEWSROOM_SETTINGS_DEFAULTS, type NewsroomSettings, type NewsroomSettingsUpdate } from '@vaggen/contract';
import { NewsroomSettingsSchema } from '@vaggen/contract/schemas';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { NewsroomSettingsChanged } from './events.js';

/** How long a process trusts its copy before it reads the table again (safety net for a lost message). */
const RECHECK_MS = 30_000;

/**
 * The paper's own settings (issues 41–44): one row per key, a default for every key not stored.
 * Read often (a writer's save, a reader's meter, every page's footer): each process keeps a copy,
 * dropped when any process saves (`NewsroomSettingsChanged` on the cluster bus) and after 30 s.
 */
export class NewsroomSettingsService {
  private copy: { at: number; settings: Promise<NewsroomSettings> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
  ) {}

  /** Drops this process's copy (a save here or in another process). */
  forget(): void {
    this.copy = null;
  }

  async get(now = Date.now()): Promise<NewsroomSettings> {
    if (this.copy && now - this.copy.at < RECHECK_MS) return this.copy.settings;
    const settings = this.read();
    this.copy = { at: now, settings };
    settings.catch(() => {
      if (this.copy?.settings === settings) this.copy = null;
    });
    return settings;
  }

  /** The settings as a transaction sees them (a handler running inside one must not wait for the pool). */
  readIn(trx: Db): Promise<NewsroomSettings> {
    return this.read(trx);
  }

  private async read(db: Db = this.db): Promise<NewsroomSettings> {
    const rows = await db.selectFrom('newsroom_settings').select(['key', 'value']).execute();
    const merged: Record<string, unknown> = { ...NEWSROOM_SETTINGS_DEFAULTS };
    for (const r of rows) {
      if (!(r.key in NEWSROOM_SETTINGS_DEFAULTS)) continue; // a setting this release no longer has
      try {
        merged[r.key] = JSON.parse(r.value);
      } catch {}
    }
    const parsed = NewsroomSettingsSchema.safeParse(merged);
    if (parsed.success) return parsed.data;
    // a stored value an older release wrote that no longer validates: its default instead
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      if (key in NEWSROOM_SETTINGS_DEFAULTS) merged[key] = NEWSROOM_SETTINGS_DEFAULTS[key as keyof NewsroomSettings];
    }
    return NewsroomSettingsSchema.parse(merged);
  }

  /** Saves the given settings (the rest stay), in one transaction, and tells every process. */
  async update(actorId: number, patch: NewsroomSettingsUpdate): Promise<NewsroomSettings> {
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
    const now = nowIso();
    await this.events.transaction(async (trx) => {
      for (const [key, value] of entries) {
        const stored = JSON.stringify(value);
        await trx
          .insertInto('newsroom_settings')
          .values({ key, value: stored, updated_at: now, updated_by: actorId })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: stored, updated_at: now, updated_by: actorId }))
          .execute();
      }
      if (entries.length) await this.events.emit(trx, NewsroomSettingsChanged({ keys: entries.map(([k]) => k) }));
    });
    this.forget();
    return this.get();
  }
}
