import {
  type ArticleCorrection,
  CORRECTIONS_MSG,
  CORRECTIONS_PER_ARTICLE,
  type Correction,
  type CorrectionHistory,
  type CorrectionInput,
  type CorrectionPage,
} from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError } from '../../lib/http-errors.js';
import { idPage } from '../../lib/id-page.js';
import { ArticleCorrected } from './events.js';
import { isStoredId, whereVisibleToReaders } from './read-model.js';
import type { Saver } from './revisions.js';

const PUBLIC_COLUMNS = ['c.id', 'c.text', 'c.what_was_wrong', 'c.created_at', 'c.amended_at'] as const;

/**
 * Issue 43: corrections of published articles. Shown at the top of the article and on
 * `/rattelser`; amended but never removed (each amendment keeps the text it replaced). A correction
 * is told as `ArticleCorrected`: the article's page, the corrections page and the feeds follow.
 */
export class ArticleCorrections {
  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
  ) {}

  /** The article's corrections, newest first (bounded). */
  async forArticle(articleId: number): Promise<ArticleCorrection[]> {
    if (!isStoredId(articleId)) return [];
    const rows = await this.db
      .selectFrom('article_corrections as c')
      .select(PUBLIC_COLUMNS)
      .where('c.article_id', '=', articleId)
      .orderBy('c.id', 'desc')
      .limit(CORRECTIONS_PER_ARTICLE)
      .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  /** Adds a correction to a published article (the caller checked who may). */
  async add(articleId: number, input: CorrectionInput, saver: Saver): Promise<ArticleCorrection> {
    return this.events.transaction(async (trx) => {
      const article = await trx
        .selectFrom('articles')
        .select(['id', 'status'])
        .where('id', '=', articleId)
        .executeTakeFirst();
      if (!article) throw httpError(404, 'Artikeln finns inte');
      if (article.status !== 'published') throw httpError(409, CORRECTIONS_MSG.notPublished);
      const { n } = await trx
        .selectFrom('article_corrections')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('article_id', '=', articleId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= CORRECTIONS_PER_ARTICLE) throw httpError(409, CORRECTIONS_MSG.tooMany);
      const row = await trx
        .insertInto('article_corrections')
        .values({
          article_id: articleId,
          text: input.text,
          what_was_wrong: input.what_was_wrong,
          created_at: nowIso(),
          created_by: saver.id,
          created_by_name: saver.name,
          amended_at: null,
        })
        .returning(['id', 'text', 'what_was_wrong', 'created_at', 'amended_at'])
        .executeTakeFirstOrThrow();
      const correction = { ...row, id: Number(row.id) };
      await this.events.emit(trx, ArticleCorrected({ articleId, correctionId: correction.id, kind: 'added' }));
      return correction;
    });
  }

  /** The article a correction belongs to (for the caller's check of who may amend it), or null. */
  async articleOf(correctionId: number): Promise<number | null> {
    if (!isStoredId(correctionId)) return null;
    const row = await this.db
      .selectFrom('article_corrections')
      .select('article_id')
      .where('id', '=', correctionId)
      .executeTakeFirst();
    return row ? Number(row.article_id) : null;
  }

  /** Amends a correction; the wording it replaces is kept (never silently removed). */
  async amend(correctionId: number, input: CorrectionInput, saver: Saver): Promise<ArticleCorrection> {
    return this.events.transaction(async (trx) => {
      const before = await trx
        .selectFrom('article_corrections')
        .selectAll()
        .where('id', '=', correctionId)
        .executeTakeFirst();
      if (!before) throw httpError(404, CORRECTIONS_MSG.notFound);
      const now = nowIso();
      await trx
        .insertInto('article_correction_versions')
        .values({
          correction_id: correctionId,
          text: before.text,
          what_was_wrong: before.what_was_wrong,
          replaced_at: now,
          replaced_by: saver.id,
          replaced_by_name: saver.name,
        })
        .execute();
      await trx
        .updateTable('article_corrections')
        .set({ text: input.text, what_was_wrong: input.what_was_wrong, amended_at: now })
        .where('id', '=', correctionId)
        .execute();
      await this.events.emit(
        trx,
        ArticleCorrected({ articleId: Number(before.article_id), correctionId, kind: 'amended' }),
      );
      return {
        id: correctionId,
        text: input.text,
        what_was_wrong: input.what_was_wrong,
        created_at: before.created_at,
        amended_at: now,
      };
    });
  }

  /** Every correction of articles readers can see, newest first, by cursor (`/rattelser`, the feed). */
  async page(cursor: number | null, limit: number): Promise<CorrectionPage> {
    let q = whereVisibleToReaders(
      this.db
        .selectFrom('article_corrections as c')
        .innerJoin('articles', 'articles.id', 'c.article_id')
        .select([...PUBLIC_COLUMNS, 'c.article_id', 'articles.title', 'articles.slug']),
    )
      .orderBy('c.id', 'desc')
      .limit(limit + 1);
    if (cursor !== null) q = q.where('c.id', '<', cursor);
    const { page, next_cursor } = idPage(await q.execute(), limit);
    const items: Correction[] = page.map((r) => ({
      id: Number(r.id),
      articleId: Number(r.article_id),
      article_title: r.title,
      article_url: `/article/${r.slug}`,
      text: r.text,
      what_was_wrong: r.what_was_wrong,
      created_at: r.created_at,
      amended_at: r.amended_at,
    }));
    return { items, next_cursor };
  }

  /** The newsroom's view: each correction with who wrote it and the wordings it replaced. */
  async history(articleId: number): Promise<CorrectionHistory[]> {
    if (!isStoredId(articleId)) return [];
    const rows = await this.db
      .selectFrom('article_corrections as c')
      .select([...PUBLIC_COLUMNS, 'c.created_by_name'])
      .where('c.article_id', '=', articleId)
      .orderBy('c.id', 'desc')
      .limit(CORRECTIONS_PER_ARTICLE)
      .execute();
    if (rows.length === 0) return [];
    const versions = await this.db
      .selectFrom('article_correction_versions')
      .select(['correction_id', 'text', 'what_was_wrong', 'replaced_at', 'replaced_by_name'])
      .where(
        'correction_id',
        'in',
        rows.map((r) => Number(r.id)),
      )
      .orderBy('id', 'desc')
      .limit(CORRECTIONS_PER_ARTICLE * 20)
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      text: r.text,
      what_was_wrong: r.what_was_wrong,
      created_at: r.created_at,
      amended_at: r.amended_at,
      created_by: r.created_by_name,
      versions: versions
        .filter((v) => Number(v.correction_id) === Number(r.id))
        .map((v) => ({
          text: v.text,
          what_was_wrong: v.what_was_wrong,
          replaced_at: v.replaced_at,
          replaced_by: v.replaced_by_name,
        })),
    }));
  }
}
