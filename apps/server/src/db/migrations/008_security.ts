import { makeExcerpt } from '@vaggen/contract';
import type { Kysely, Migration } from 'kysely';
import { nameKey } from '../../lib/names.js';
import { toSafeHtml } from '../../modules/articles/html.js';

interface SecurityDb {
  users: { id: number; full_name: string | null; full_name_lower: string | null };
  articles: { id: number; content: string; excerpt: string };
}

/**
 * Issue 17.
 * - Reserved names: `users.full_name_lower` holds the display name as compared (NFKC, trimmed,
 *   spaces collapsed, lower case — computed in JavaScript so SQLite and PostgreSQL agree), indexed,
 *   so "is this the name of a writer or an admin?" is one indexed lookup.
 * - Article bodies stored before it are rewritten as safe HTML (plain text → escaped paragraphs)
 *   with a plain-text excerpt, as every write now does. Walked in id order, 500 at a time.
 */
export const security = (): Migration => ({
  async up(db: Kysely<SecurityDb>) {
    await db.schema.alterTable('users').addColumn('full_name_lower', 'text').execute();
    const users = await db.selectFrom('users').select(['id', 'full_name']).where('full_name', 'is not', null).execute();
    for (const r of users) {
      await db
        .updateTable('users')
        .set({ full_name_lower: nameKey(r.full_name as string) })
        .where('id', '=', r.id)
        .execute();
    }
    await db.schema.createIndex('users_full_name_lower').on('users').column('full_name_lower').execute();

    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('articles')
        .select(['id', 'content', 'excerpt'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(500)
        .execute();
      if (rows.length === 0) break;
      for (const r of rows) {
        const content = toSafeHtml(r.content);
        const excerpt = makeExcerpt(content);
        if (content !== r.content || excerpt !== r.excerpt) {
          await db.updateTable('articles').set({ content, excerpt }).where('id', '=', r.id).execute();
        }
      }
      after = Number(rows[rows.length - 1].id);
    }
  },
  async down(db: Kysely<SecurityDb>) {
    await db.schema.dropIndex('users_full_name_lower').execute();
    await db.schema.alterTable('users').dropColumn('full_name_lower').execute();
  },
});
