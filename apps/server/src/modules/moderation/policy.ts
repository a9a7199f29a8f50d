import {
  type Article,
  type ArticleModeration,
  type ArticleModerationInput,
  canWrite,
  MODERATION_MSG,
  type ModerationMode,
  type ModerationSettings,
  MSG,
  mayEditArticle,
  type User,
} from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { httpError } from '../../lib/http-errors.js';
import type { ArticleChange, ArticlesService } from '../articles/service.js';
import { audit } from './audit.js';
import type { ModerationSettingsStore } from './settings.js';

/** Each article's comment policy: its own mode, closed or open, and the auto-close time. */
export class ArticlePolicies {
  constructor(
    private readonly db: Db,
    private readonly articles: ArticlesService,
    private readonly settings: ModerationSettingsStore,
  ) {}

  async articleRow(articleId: number) {
    return this.db.selectFrom('moderation_articles').selectAll().where('article_id', '=', articleId).executeTakeFirst();
  }

  policyOf(
    article: Pick<Article, 'id' | 'date'>,
    row: { mode: string | null; closed: number } | undefined,
    settings: ModerationSettings,
    now: number,
  ): ArticleModeration {
    const mode = (row?.mode ?? null) as ModerationMode | null;
    const closesAt =
      settings.auto_close_days === null
        ? null
        : new Date(new Date(article.date).getTime() + settings.auto_close_days * 86_400_000).toISOString();
    const closed = Number(row?.closed ?? 0) === 1;
    return {
      article_id: article.id,
      mode,
      effective_mode: mode ?? settings.mode,
      closed,
      closes_at: closesAt,
      open: !closed && (closesAt === null || now < new Date(closesAt).getTime()),
    };
  }

  /** An article's comment policy (readers: is the form open?). Published articles only, unless staff may edit it. */
  async articlePolicy(articleId: number, viewer: User | null): Promise<ArticleModeration> {
    const article =
      (await this.articles.getById(articleId)) ??
      (viewer && canWrite(viewer) ? await this.articles.getAnyById(articleId) : null);
    if (!article || (article.status !== 'published' && !mayEditArticle(viewer, article))) {
      throw httpError(404, MSG.articleNotFound);
    }
    const [row, { settings }] = await Promise.all([this.articleRow(articleId), this.settings.current()]);
    return this.policyOf(article, row, settings, Date.now());
  }

  /** Admins, and the writer whose article it is, set its mode or close its comments. */
  async setArticlePolicy(articleId: number, input: ArticleModerationInput, actor: User): Promise<ArticleModeration> {
    const article = await this.articles.getAnyById(articleId);
    if (!article) throw httpError(404, MSG.articleNotFound);
    if (!mayEditArticle(actor, article)) throw httpError(403, MODERATION_MSG.notYourArticle);
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('moderation_articles')
        .values({
          article_id: articleId,
          mode: input.mode,
          closed: input.closed ? 1 : 0,
          updated_at: now,
          updated_by: actor.id,
        })
        .onConflict((oc) =>
          oc
            .column('article_id')
            .doUpdateSet({ mode: input.mode, closed: input.closed ? 1 : 0, updated_at: now, updated_by: actor.id }),
        )
        .execute();
      const detail = `Läge: ${input.mode ?? 'webbplatsens'}; ${input.closed ? 'stängd för kommentarer' : 'öppen för kommentarer'}`;
      await audit(trx, 'article-settings', actor.id, { articleId, detail });
    });
    const [row, { settings }] = await Promise.all([this.articleRow(articleId), this.settings.current()]);
    return this.policyOf(article, row, settings, Date.now());
  }

  /** An article's category or author changed: its queue items follow (queue filters read them). */
  async articleChanged(change: ArticleChange): Promise<void> {
    if (change.kind !== 'updated') return;
    await this.db
      .updateTable('moderation_items')
      .set({ category: change.category, article_owner_id: change.authorId })
      .where('article_id', '=', change.id)
      .execute();
  }
}
