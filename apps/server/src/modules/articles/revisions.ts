import {
  type ArticleRevision,
  type ArticleRevisionSummary,
  type ArticleStatus,
  type Category,
  formatShortDateTime,
  NEWSROOM_TEXT,
  REVISIONS_PAGE,
} from '@vaggen/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { ArticleRevisionsTable } from '../../db/schema.js';
import { httpError } from '../../lib/http-errors.js';
import { isStoredId } from './read-model.js';

/** Who saves, for the revision. */
export interface Saver {
  id: number | null;
  name: string;
}

export interface RevisionData {
  articleId: number;
  version: number;
  saver: Saver;
  at: string;
  status: ArticleStatus;
  title: string;
  content: string;
  category: Category;
  tags: string[];
  featuredImage: string | null;
  alt: string | null;
  caption: string | null;
  credit: string | null;
  byline: string | null;
  /** Issue 41: what the save was besides an edit (sent for review, approved, returned). */
  note?: string | null;
  /** Issue 41: the desk's fields and the access level as saved (restored with the revision). */
  desk: NonNullable<ArticleRevision['desk']>;
}

/** Stores the article as saved as a revision (inside the save's transaction). */
export async function keepRevision(trx: Db, r: RevisionData): Promise<void> {
  await trx
    .insertInto('article_revisions')
    .values({
      article_id: r.articleId,
      version: r.version,
      user_id: r.saver.id,
      user_name: r.saver.name,
      created_at: r.at,
      status: r.status,
      title: r.title,
      content: r.content,
      category: r.category,
      tags: JSON.stringify(r.tags),
      featured_image: r.featuredImage,
      meta: JSON.stringify({
        featured_image_alt: r.alt,
        featured_image_caption: r.caption,
        featured_image_credit: r.credit,
        byline: r.byline,
        desk: r.desk,
        ...(r.note ? { note: r.note } : {}),
      }),
    })
    .execute();
}

/** 409 naming who saved last and when. */
export async function conflict(db: Db, id: number): Promise<never> {
  const last = await db
    .selectFrom('article_revisions')
    .select(['user_name', 'created_at'])
    .where('article_id', '=', id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) throw httpError(409, NEWSROOM_TEXT.conflictPlain);
  throw httpError(409, NEWSROOM_TEXT.conflict(last.user_name, formatShortDateTime(last.created_at)));
}

/** An article's saved versions (issue 14): listed a page at a time, read one by one. */
export class ArticleRevisions {
  constructor(private readonly db: Db) {}

  /** The revisions of an article, newest first, a page at a time (`before` = the last id seen). */
  async list(articleId: number, before?: number): Promise<ArticleRevisionSummary[]> {
    let q = this.db
      .selectFrom('article_revisions')
      .select(['id', 'version', 'created_at', 'user_id', 'user_name', 'status', 'title', 'meta'])
      .where('article_id', '=', articleId);
    if (before !== undefined) q = q.where('id', '<', before);
    const rows = await q.orderBy('id', 'desc').limit(REVISIONS_PAGE).execute();
    return rows.map(toRevisionSummary);
  }

  async get(articleId: number, revisionId: number): Promise<ArticleRevision> {
    const r = isStoredId(revisionId)
      ? await this.db
          .selectFrom('article_revisions')
          .selectAll()
          .where('id', '=', revisionId)
          .where('article_id', '=', articleId)
          .executeTakeFirst()
      : undefined;
    if (!r) throw httpError(404, NEWSROOM_TEXT.revisionNotFound);
    const meta = parseJson<Record<string, string | null> & { desk?: ArticleRevision['desk'] }>(r.meta, {});
    return {
      ...toRevisionSummary(r),
      content: r.content,
      category: r.category as Category,
      tags: parseJson<string[]>(r.tags, []),
      featured_image: r.featured_image,
      featured_image_alt: meta.featured_image_alt ?? null,
      featured_image_caption: meta.featured_image_caption ?? null,
      featured_image_credit: meta.featured_image_credit ?? null,
      byline: meta.byline ?? null,
      desk: meta.desk ?? null,
    };
  }
}

/** A stored revision as the editor lists it (the list and the single revision both start from this). */
function toRevisionSummary(
  r: Pick<
    Selectable<ArticleRevisionsTable>,
    'id' | 'version' | 'created_at' | 'user_id' | 'user_name' | 'status' | 'title' | 'meta'
  >,
): ArticleRevisionSummary {
  const note = parseJson<{ note?: unknown }>(r.meta, {}).note;
  return {
    id: Number(r.id),
    version: Number(r.version),
    created_at: r.created_at,
    user_id: r.user_id === null ? null : Number(r.user_id),
    user_name: r.user_name,
    status: r.status as ArticleStatus,
    title: r.title,
    note: typeof note === 'string' ? note : null,
  };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
