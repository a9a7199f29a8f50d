import type { ExportComment } from '@vaggen/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { CommentsTable } from '../../db/schema.js';
import { BATCH_SIZE, rowsById } from '../../lib/batches.js';
import type { ArticlesService } from '../articles/service.js';

/** A row of the person's own comments, as the download reads them. */
type OwnRow = Pick<
  Selectable<CommentsTable>,
  'id' | 'article_id' | 'parent_id' | 'name' | 'content' | 'status' | 'is_deleted' | 'created_at'
>;

/** Readers' own data (issue 21): the download's comment section. */
export class CommentPersonalData {
  constructor(
    private readonly db: Db,
    private readonly articles: ArticlesService,
  ) {}

  /**
   * The download's comment section: every comment the person wrote (held, hidden and deleted ones
   * too, on any article), with its article's title and slug; a page of BATCH_SIZE at a time.
   */
  async *exportForUser(userId: number): AsyncGenerator<ExportComment> {
    const pages = rowsById(
      this.db
        .selectFrom('comments')
        .select(['id', 'article_id', 'parent_id', 'name', 'content', 'status', 'is_deleted', 'created_at'])
        .where('author_id', '=', userId),
    );
    let page: OwnRow[] = [];
    for await (const r of pages) {
      page.push(r);
      if (page.length >= BATCH_SIZE) {
        yield* this.withArticles(page);
        page = [];
      }
    }
    yield* this.withArticles(page);
  }

  /** One page of the download's comments, with their articles' titles and slugs (one read). */
  private async *withArticles(page: OwnRow[]): AsyncGenerator<ExportComment> {
    if (page.length === 0) return;
    const refs = await this.articles.refsFor([...new Set(page.map((r) => Number(r.article_id)))]);
    for (const r of page) {
      yield {
        id: Number(r.id),
        article: refs.get(Number(r.article_id)) ?? null,
        parent_id: r.parent_id === null ? null : Number(r.parent_id),
        name: r.name,
        content: r.content,
        status: r.status,
        deleted: Number(r.is_deleted) === 1,
        created_at: r.created_at,
      };
    }
  }
}
