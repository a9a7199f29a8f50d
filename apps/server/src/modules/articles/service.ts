import type {
  Actor,
  Article,
  ArticleLookup,
  ArticleRevision,
  ArticleRevisionSummary,
  ArticleStatus,
  ArticleSummary,
  ExportArticle,
  NewsroomArticle,
  NewsroomListQuery,
} from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { ArticleAutosaves } from './autosave.js';
import type { BylineInvitations } from './bylines.js';
import { ArticleCorrections } from './corrections.js';
import { type ArticleChanges, ArticleEditor, type NewArticle, type RestoreOptions } from './editor.js';
import type { WentLive, WrittenArticle } from './events.js';
import { cleanArticleHtml } from './html.js';
import { ArticlePersonalData } from './personal-data.js';
import { ArticleReaderQueries, type CommentTarget, type ListOptions } from './reader-queries.js';
import { ArticleReview } from './review.js';
import { ArticleRevisions, type Saver } from './revisions.js';
import { ArticleScheduler } from './scheduler.js';
import { ArticleSitemaps } from './sitemaps.js';

export { BylineInvitations } from './bylines.js';
export type { ArticleChanges, NewArticle, RestoreOptions, Workflow } from './editor.js';
export type { ArticleChange, Reviewed, WentLive, WrittenArticle } from './events.js';
export { whereVisibleToReaders } from './read-model.js';
export type { CommentTarget, ListOptions } from './reader-queries.js';
export type { Saver } from './revisions.js';
export { cleanArticleHtml };

/**
 * Articles: the module's public front (issue 39). The work lives by sub-domain — what readers read
 * (`reader-queries.ts`), the newsroom's writes (`editor.ts`), saved versions (`revisions.ts`), the
 * scheduler (`scheduler.ts`), sitemaps (`sitemaps.ts`) and a person's data (`personal-data.ts`) —
 * and what happens to an article is told as domain events (`events.ts`). Other modules call this,
 * never the tables.
 */
export class ArticlesService {
  readonly reader: ArticleReaderQueries;
  readonly editor: ArticleEditor;
  readonly revisions: ArticleRevisions;
  readonly scheduler: ArticleScheduler;
  readonly sitemaps: ArticleSitemaps;
  readonly personalData: ArticlePersonalData;
  /** Issue 43: corrections of published articles. */
  readonly corrections: ArticleCorrections;
  /** Issue 41: the review queue and an admin's decisions. */
  readonly review: ArticleReview;
  /** Issue 41: the editor's working copies (autosave). */
  readonly autosaves: ArticleAutosaves;

  constructor(
    db: Db,
    events: DomainEvents,
    /** Issue 40: co-authors a writer names are invited; without it they are named directly. */
    readonly bylines?: BylineInvitations,
  ) {
    this.reader = new ArticleReaderQueries(db);
    this.revisions = new ArticleRevisions(db);
    this.editor = new ArticleEditor(db, events, this.revisions, bylines);
    this.scheduler = new ArticleScheduler(db, events);
    this.sitemaps = new ArticleSitemaps(db);
    this.personalData = new ArticlePersonalData(db);
    this.corrections = new ArticleCorrections(db, events);
    this.review = new ArticleReview(db, this.editor, events);
    this.autosaves = new ArticleAutosaves(db);
  }

  // ---------------------------------------------------------------- readers
  list(opts: ListOptions): Promise<ArticleSummary[]> {
    return this.reader.list(opts);
  }
  listVisible(opts: ListOptions & { authorId?: number }): Promise<ArticleSummary[]> {
    return this.reader.listVisible(opts);
  }
  /** Issue 44: live reports still live, newest first. */
  openLiveReports(limit: number): Promise<ArticleSummary[]> {
    return this.reader.openLiveReports(limit);
  }
  listFull(opts: ListOptions): Promise<Article[]> {
    return this.reader.listFull(opts);
  }
  /** Issue 41: summaries by id in the order asked (fronts); `visibleOnly`: what readers see. */
  summariesByIds(ids: number[], visibleOnly: boolean): Promise<ArticleSummary[]> {
    return this.reader.summariesByIds(ids, visibleOnly);
  }
  getManyByIds(ids: number[]): Promise<Article[]> {
    return this.reader.getManyByIds(ids);
  }
  textsAfter(afterId: number, limit: number): Promise<WrittenArticle[]> {
    return this.reader.textsAfter(afterId, limit);
  }
  getById(id: number): Promise<Article | null> {
    return this.reader.getById(id);
  }
  /** Issue 42: the whole text of a published article, for a reader the revenue module let in. */
  unlocked(id: number): Promise<Article | null> {
    return this.reader.unlocked(id);
  }
  /** Issue 43: an article as its own page and API answer show it, with its corrections. */
  async withCorrections(article: Article): Promise<Article> {
    return { ...article, corrections: await this.corrections.forArticle(article.id) };
  }
  commentTarget(id: number): Promise<CommentTarget | null> {
    return this.reader.commentTarget(id);
  }
  publishedSlugs(after: { published_at: string; id: number } | null, limit: number) {
    return this.reader.publishedSlugs(after, limit);
  }
  getBySlug(slug: string): Promise<ArticleLookup> {
    return this.reader.getBySlug(slug);
  }
  related(article: Pick<Article, 'id' | 'category'>, limit: number): Promise<ArticleSummary[]> {
    return this.reader.related(article, limit);
  }
  count(): Promise<number> {
    return this.reader.count();
  }
  refsFor(ids: number[]) {
    return this.reader.refsFor(ids);
  }
  sitemapChunks(size: number) {
    return this.sitemaps.chunks(size);
  }
  sitemapChunk(chunk: number, size: number) {
    return this.sitemaps.chunk(chunk, size);
  }

  // ---------------------------------------------------------------- the newsroom
  getAnyById(id: number): Promise<Article | null> {
    return this.editor.getAnyById(id);
  }
  getForEditor(id: number): Promise<NewsroomArticle | null> {
    return this.editor.getForEditor(id);
  }
  create(input: NewArticle): Promise<Article> {
    return this.editor.create(input);
  }
  update(
    id: number,
    changes: ArticleChanges,
    opts: { expectedVersion?: number; saver?: Saver; current?: Article } = {},
  ): Promise<Article> {
    return this.editor.update(id, changes, opts);
  }
  /** Issue 44: ends a live report (a time) or reopens it (null). */
  setLiveEnded(id: number, endedAt: string | null): Promise<Article> {
    return this.editor.setLiveEnded(id, endedAt);
  }
  delete(id: number): Promise<void> {
    return this.editor.delete(id);
  }
  listForNewsroom(actor: Actor, opts: NewsroomListQuery): Promise<ArticleSummary[]> {
    return this.editor.listForNewsroom(actor, opts);
  }
  suggestTags(prefix: string, actor: Actor, limit = 10): Promise<string[]> {
    return this.editor.suggestTags(prefix, actor, limit);
  }
  listRevisions(articleId: number, before?: number): Promise<ArticleRevisionSummary[]> {
    return this.revisions.list(articleId, before);
  }
  getRevision(articleId: number, revisionId: number): Promise<ArticleRevision> {
    return this.revisions.get(articleId, revisionId);
  }
  restoreRevision(articleId: number, revisionId: number, opts: RestoreOptions): Promise<Article> {
    return this.editor.restoreRevision(articleId, revisionId, opts);
  }
  publishDue(now: Date): Promise<WentLive[]> {
    return this.scheduler.publishDue(now);
  }

  // ---------------------------------------------------------------- readers' own data (issue 21)
  exportForUser(userId: number): AsyncGenerator<ExportArticle> {
    return this.personalData.exportForUser(userId);
  }
  forgetAuthor(userId: number, name: string): Promise<number[]> {
    return this.personalData.forgetAuthor(userId, name);
  }
  imageInUse(url: string): Promise<boolean> {
    return this.personalData.imageInUse(url);
  }
}
