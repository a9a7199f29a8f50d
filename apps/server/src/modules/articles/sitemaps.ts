import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { readerVisible } from './visibility.js';

/** The sitemap's view of readers' articles: chunks by id range, each bounded by its size. */
export class ArticleSitemaps {
  constructor(private readonly db: Db) {}

  /** Sitemap chunks: articles by id range [(k-1)·size+1, k·size], with each chunk's newest change. */
  async chunks(size: number): Promise<{ chunk: number; lastmod: string }[]> {
    const rows = await this.db
      .selectFrom('articles as a')
      .where(readerVisible('a'))
      .select((eb) => [
        sql<number>`(${eb.ref('a.id')} - 1) / ${sql.lit(size)}`.as('chunk'),
        eb.fn.max('a.updated_at').as('lastmod'),
      ])
      .groupBy(sql`(a.id - 1) / ${sql.lit(size)}`)
      .orderBy('chunk')
      .execute();
    return rows.map((r) => ({ chunk: Number(r.chunk) + 1, lastmod: String(r.lastmod) }));
  }

  /** One sitemap chunk's articles (keyset by id: no chunk grows past `size`). */
  async chunk(chunk: number, size: number): Promise<{ slug: string; updated_at: string }[]> {
    return this.db
      .selectFrom('articles as a')
      .where(readerVisible('a'))
      .where('a.id', '>', (chunk - 1) * size)
      .where('a.id', '<=', chunk * size)
      .select(['a.slug', 'a.updated_at'])
      .orderBy('a.id')
      .execute();
  }
}
