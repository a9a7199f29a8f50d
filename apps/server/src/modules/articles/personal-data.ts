import { DELETED_USER_NAME, type ExportArticle } from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { storedUrlIs } from '../../db/stored-url.js';
import { rowsById } from '../../lib/batches.js';

/** Readers' own data (issue 21, decision 027) as the articles module keeps it. */
export class ArticlePersonalData {
  constructor(private readonly db: Db) {}

  /** The download's article section: what the person wrote or co-wrote, as metadata (a page at a time). */
  async *exportForUser(userId: number): AsyncGenerator<ExportArticle> {
    const own = rowsById(
      this.db
        .selectFrom('articles')
        .select(['id', 'title', 'slug', 'status', 'published_at'])
        .where('author_id', '=', userId),
    );
    for await (const r of own) yield { ...r, id: Number(r.id), role: 'author' };
    const co = rowsById(
      this.db
        .selectFrom('article_authors as aa')
        .innerJoin('articles as a', 'a.id', 'aa.article_id')
        .select(['a.id', 'a.title', 'a.slug', 'a.status', 'a.published_at', 'a.author_id'])
        .where('aa.user_id', '=', userId),
      'aa.article_id',
    );
    for await (const { author_id, ...r } of co) {
      if (author_id !== null && Number(author_id) === userId) continue; // listed above
      yield { ...r, id: Number(r.id), role: 'coauthor' };
    }
  }

  /**
   * A deleted account's articles keep its byline as text (decision 027): each article it wrote
   * gets its display name as `author_name` and no author id; its place among co-authors becomes a
   * name-only entry; the revisions it saved no longer name it. Returns the articles touched.
   */
  async forgetAuthor(userId: number, name: string): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const own = await trx.selectFrom('articles').select('id').where('author_id', '=', userId).execute();
      await trx
        .updateTable('articles')
        .set({ author_id: null, author_name: name })
        .where('author_id', '=', userId)
        .execute();
      const places = await trx
        .selectFrom('article_authors')
        .select(['article_id', 'position'])
        .where('user_id', '=', userId)
        .execute();
      if (places.length) {
        await trx
          .insertInto('article_former_authors')
          .values(places.map((p) => ({ article_id: Number(p.article_id), position: Number(p.position), name })))
          .execute();
        await trx.deleteFrom('article_authors').where('user_id', '=', userId).execute();
      }
      await trx
        .updateTable('article_revisions')
        .set({ user_id: null, user_name: DELETED_USER_NAME })
        .where('user_id', '=', userId)
        .execute();
      return [...new Set([...own, ...places.map((p) => ({ id: p.article_id }))].map((a) => Number(a.id)))];
    });
  }

  /**
   * Whether an article (or a saved revision) shows a stored image: as its featured image (by the
   * prefix index) or in its text. The text is not indexed for this: it is read only when an account
   * with an uploaded picture is deleted (rare, password-checked, rate-limited; decision 027).
   */
  async imageInUse(url: string): Promise<boolean> {
    const featured = await this.db
      .selectFrom('articles')
      .select('id')
      .where(storedUrlIs('featured_image', url))
      .limit(1)
      .executeTakeFirst();
    if (featured) return true;
    const name = url.slice(url.lastIndexOf('/') + 1).replace(/\.webp$/, '');
    const pattern = `%${name.replace(/[%_\\]/g, '')}%`;
    const inText = await this.db
      .selectFrom('articles')
      .select('id')
      .where('content', 'like', pattern)
      .limit(1)
      .executeTakeFirst();
    return inText !== undefined;
  }
}
