import { AUTOSAVE_NEW, type Autosave, type AutosaveDraft, type AutosaveInput } from '@vaggen/contract';
import { AutosaveDraftSchema } from '@vaggen/contract/schemas';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { conflict } from './revisions.js';

/** Which working copy: a new article's (`new`) or an article's by id. */
export type AutosaveSlot = typeof AUTOSAVE_NEW | number;

const slotKey = (slot: AutosaveSlot) => String(slot);

/**
 * Issue 41: the editor's working copy, one per person and article. It replaces itself (never a
 * revision, never the article: a published article shows no half-written text), refuses a copy made
 * on top of someone else's newer save (409, as a save would), and is dropped when its person saves
 * the article (`dropAfterSave`, inside the save's transaction).
 */
export class ArticleAutosaves {
  constructor(private readonly db: Db) {}

  async get(userId: number, slot: AutosaveSlot, currentVersion: number | null): Promise<Autosave | null> {
    const row = await this.db
      .selectFrom('article_autosaves')
      .select(['base_version', 'draft', 'saved_at'])
      .where('user_id', '=', userId)
      .where('slot', '=', slotKey(slot))
      .executeTakeFirst();
    if (!row) return null;
    const base = row.base_version === null ? null : Number(row.base_version);
    const parsed = AutosaveDraftSchema.safeParse(JSON.parse(row.draft));
    if (!parsed.success) return null;
    return {
      base_version: base,
      saved_at: row.saved_at,
      stale: currentVersion !== null && base !== currentVersion,
      draft: parsed.data,
    };
  }

  /** Stores the copy; `currentVersion`: the article's version now (null for a new article). */
  async put(userId: number, slot: AutosaveSlot, input: AutosaveInput, currentVersion: number | null) {
    if (slot !== AUTOSAVE_NEW && input.base_version !== currentVersion) await conflict(this.db, slot);
    const saved_at = nowIso();
    const values = {
      user_id: userId,
      slot: slotKey(slot),
      article_id: slot === AUTOSAVE_NEW ? null : slot,
      base_version: slot === AUTOSAVE_NEW ? null : input.base_version,
      draft: JSON.stringify(input.draft satisfies AutosaveDraft),
      saved_at,
    };
    await this.db
      .insertInto('article_autosaves')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['user_id', 'slot']).doUpdateSet({
          base_version: values.base_version,
          draft: values.draft,
          saved_at,
        }),
      )
      .execute();
    return { saved_at };
  }

  async drop(userId: number, slot: AutosaveSlot): Promise<void> {
    await this.db
      .deleteFrom('article_autosaves')
      .where('user_id', '=', userId)
      .where('slot', '=', slotKey(slot))
      .execute();
  }
}

/** A save of the article by this person makes their working copy of it (or of a new one) history. */
export async function dropAfterSave(trx: Db, userId: number | null, slot: AutosaveSlot): Promise<void> {
  if (userId === null) return;
  await trx.deleteFrom('article_autosaves').where('user_id', '=', userId).where('slot', '=', slotKey(slot)).execute();
}
