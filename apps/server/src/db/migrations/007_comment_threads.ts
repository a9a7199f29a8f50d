import { type Kysely, type Migration, sql } from 'kysely';

/** Deepest stored level (top level = 0): replies to a comment at this depth attach to its ancestor one level up. */
const MAX_DEPTH = 6;

/**
 * Comment threads that page (issue 13, decision 015). Every comment knows its thread (`root_id`,
 * the top-level comment; null for a top-level comment) and its `depth` (0–6), so a thread is read
 * by index without recursion. A reply to a comment at depth 6 hangs under that comment's parent
 * (the ancestor at depth 5) and remembers whom it answered in `reply_to_id`.
 * Existing comments are placed in one pass in id order (a parent is always older than its reply).
 */
export const commentThreads = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('comments').addColumn('root_id', 'integer').execute();
    await db.schema
      .alterTable('comments')
      .addColumn('depth', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('comments').addColumn('reply_to_id', 'integer').execute();

    const rows = (
      await sql<{
        id: number;
        parent_id: number | null;
      }>`SELECT id, parent_id FROM comments ORDER BY id`.execute(db)
    ).rows;
    const placed = new Map<number, { parent: number | null; root: number | null; depth: number }>();
    for (const r of rows) {
      const id = Number(r.id);
      const p = r.parent_id === null ? undefined : placed.get(Number(r.parent_id));
      if (r.parent_id === null || !p) {
        placed.set(id, { parent: null, root: null, depth: 0 });
        continue;
      }
      const parentId = Number(r.parent_id);
      const at =
        p.depth >= MAX_DEPTH ? { id: p.parent as number, depth: MAX_DEPTH - 1 } : { id: parentId, depth: p.depth };
      const place = { parent: at.id, root: p.root ?? parentId, depth: at.depth + 1 };
      placed.set(id, place);
      await sql`UPDATE comments SET root_id = ${place.root}, depth = ${place.depth}, parent_id = ${place.parent},
                reply_to_id = ${at.id === parentId ? null : parentId} WHERE id = ${id}`.execute(db);
    }

    // the article's count of comments that still show their text, kept on every post and delete
    await db.schema
      .createTable('comment_totals')
      .addColumn('article_id', 'integer', (c) => c.primaryKey().references('articles.id').onDelete('cascade'))
      .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`INSERT INTO comment_totals (article_id, visible)
              SELECT article_id, count(*) FROM comments WHERE is_deleted = 0 GROUP BY article_id`.execute(db);

    // top-level comments of an article, in id order (partial: replies are not in it)
    await db.schema
      .createIndex('comments_top_idx')
      .on('comments')
      .columns(['article_id', 'id'])
      .where(sql.ref('parent_id'), 'is', null)
      .execute();
    // a thread's replies in id order, and their count
    await db.schema.createIndex('comments_root_idx').on('comments').columns(['root_id', 'id']).execute();
    // recounting an article's total (imports, repairs)
    await db.schema.createIndex('comments_visible_idx').on('comments').columns(['article_id', 'is_deleted']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('comment_totals').execute();
    for (const i of ['comments_visible_idx', 'comments_root_idx', 'comments_top_idx']) {
      await db.schema.dropIndex(i).execute();
    }
    for (const c of ['reply_to_id', 'depth', 'root_id']) await db.schema.alterTable('comments').dropColumn(c).execute();
  },
});
