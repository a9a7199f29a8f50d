import { ACCOUNT_MSG, CONVERSATION_MSG, type Comment, EMAIL_PATTERN, MSG, type User } from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { ArticlesService } from '../articles/service.js';
import type { NotificationsService } from '../notifications/service.js';

export interface CommentInput {
  articleId: number;
  parentId?: number | null;
  name?: string | null;
  email?: string | null;
  content: string;
}

interface Row {
  id: number;
  article_id: number;
  parent_id: number | null;
  author_id: number | null;
  name: string;
  email: string | null;
  content: string;
  is_deleted: number;
  created_at: string;
  profile_picture: string | null;
  account_type: 'user' | 'writer' | 'admin' | null;
}

/** Comments and their threads. */
export class CommentsService {
  constructor(
    private readonly db: Db,
    private readonly articles: ArticlesService,
    private readonly notifications: NotificationsService,
    private readonly limiter: RateLimiter,
    private readonly perMinute: number,
    /** Whether a name belongs to a writer or an admin (users module): visitors may not use one. */
    private readonly isStaffName: (name: string) => Promise<boolean> = async () => false,
  ) {}

  /** Removes an article's comments with it (called inside the article's delete transaction). */
  async deleteForArticle(articleId: number, trx: Db): Promise<void> {
    await trx.deleteFrom('comments').where('article_id', '=', articleId).execute();
  }

  private rows(articleId: number) {
    return this.db
      .selectFrom('comments as c')
      .leftJoin('users as u', 'u.id', 'c.author_id')
      .select([
        'c.id',
        'c.article_id',
        'c.parent_id',
        'c.author_id',
        'c.name',
        'c.email',
        'c.content',
        'c.is_deleted',
        'c.created_at',
        'u.profile_picture',
        'u.account_type',
      ])
      .where('c.article_id', '=', articleId)
      .orderBy('c.created_at')
      .orderBy('c.id')
      .limit(5000)
      .execute() as Promise<Row[]>;
  }

  /**
   * The article's comments as a tree, oldest first at every level. A deleted comment keeps its
   * place (as "deleted", without name, e-mail or text) only while it still has replies.
   * E-mail addresses are sent to admins only.
   */
  async tree(articleId: number, viewer: User | null): Promise<Comment[]> {
    const rows = await this.rows(articleId);
    const showEmail = viewer?.account_type === 'admin';
    const byId = new Map<number, Comment>();
    for (const r of rows) {
      const deleted = Number(r.is_deleted) === 1;
      byId.set(Number(r.id), {
        id: Number(r.id),
        articleId: Number(r.article_id),
        parentId: r.parent_id === null ? null : Number(r.parent_id),
        name: deleted ? '' : r.name,
        email: showEmail && !deleted ? r.email : null,
        content: deleted ? '' : r.content,
        createdAt: r.created_at,
        author_id: deleted || r.author_id === null ? null : Number(r.author_id),
        author_profile_picture: deleted ? null : r.profile_picture,
        author_role: !deleted && (r.account_type === 'writer' || r.account_type === 'admin') ? r.account_type : null,
        isDeleted: deleted,
        replies: [],
      });
    }
    const roots: Comment[] = [];
    for (const c of byId.values()) {
      const parent = c.parentId === null ? undefined : byId.get(c.parentId);
      if (parent) parent.replies.push(c);
      else roots.push(c);
    }
    const prune = (list: Comment[]): Comment[] =>
      list.filter((c) => {
        c.replies = prune(c.replies);
        return !c.isDeleted || c.replies.length > 0;
      });
    return prune(roots);
  }

  async create(input: CommentInput, author: User | null, ip: string): Promise<Comment> {
    const article = await this.articles.getById(input.articleId);
    if (!article) throw httpError(404, MSG.articleNotFound);
    let name: string;
    let email: string | null;
    if (author) {
      name = author.full_name || author.username;
      email = author.email;
    } else {
      name = input.name?.trim() ?? '';
      email = input.email?.trim() ?? '';
      if (!name || !email) throw httpError(400, MSG.commentFields);
      if (!EMAIL_PATTERN.test(email)) throw httpError(400, MSG.commentEmail);
      if (await this.isStaffName(name)) throw httpError(400, ACCOUNT_MSG.reservedName);
    }
    let parent: { author_id: number | null } | undefined;
    if (input.parentId) {
      parent = await this.db
        .selectFrom('comments')
        .select('author_id')
        .where('id', '=', input.parentId)
        .where('article_id', '=', input.articleId)
        .executeTakeFirst();
      if (!parent) throw httpError(400, CONVERSATION_MSG.commentParent);
    }
    if ((await this.limiter.hit(ip)) > this.perMinute)
      throw tooManyRequests(CONVERSATION_MSG.commentRate, await this.limiter.ttl(ip), this.perMinute);

    const created = await this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('comments')
        .values({
          article_id: input.articleId,
          parent_id: input.parentId ?? null,
          author_id: author?.id ?? null,
          name,
          email,
          content: input.content.trim(),
          is_deleted: 0,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const actionUrl = `/article/${article.slug}#comment-${id}`;
      const preview = input.content.trim().slice(0, 140);
      if (article.author_id !== null && article.author_id !== author?.id) {
        await this.notifications.notify(
          [article.author_id],
          {
            type: 'new_comment',
            title: `Ny kommentar på "${article.title}"`,
            message: `${name}: ${preview}`,
            actionUrl,
            data: { comment_id: Number(id), article_id: article.id },
            articleId: article.id,
          },
          trx,
        );
      }
      const parentAuthor =
        parent?.author_id === null || parent?.author_id === undefined ? null : Number(parent.author_id);
      if (parentAuthor !== null && parentAuthor !== author?.id && parentAuthor !== article.author_id) {
        await this.notifications.notify(
          [parentAuthor],
          {
            type: 'new_comment',
            title: `${name} svarade på din kommentar`,
            message: preview,
            actionUrl,
            data: { comment_id: Number(id), article_id: article.id },
            articleId: article.id,
          },
          trx,
        );
      }
      return Number(id);
    });
    const tree = await this.tree(input.articleId, author);
    const find = (list: Comment[]): Comment | undefined => {
      for (const c of list) {
        if (c.id === created) return c;
        const inner = find(c.replies);
        if (inner) return inner;
      }
    };
    const comment = find(tree);
    if (!comment) throw new Error('comment vanished after insert');
    return comment;
  }

  /**
   * Its author or an admin may delete. With replies, the comment stays as a "deleted" placeholder
   * (text, name and e-mail erased); without, it is removed, and so are deleted ancestors left empty.
   */
  async delete(id: number, actor: User): Promise<void> {
    const c = await this.db
      .selectFrom('comments')
      .select(['id', 'article_id', 'author_id', 'parent_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!c) throw httpError(404, CONVERSATION_MSG.commentNotFound);
    const articleId = Number(c.article_id);
    const own = c.author_id !== null && Number(c.author_id) === actor.id;
    if (!own && actor.account_type !== 'admin') throw httpError(403, CONVERSATION_MSG.commentDeleteForbidden);
    await this.db.transaction().execute(async (trx) => {
      const hasReplies = async (cid: number) =>
        (await trx.selectFrom('comments').select('id').where('parent_id', '=', cid).limit(1).executeTakeFirst()) !==
        undefined;
      if (await hasReplies(id)) {
        await trx
          .updateTable('comments')
          .set({ is_deleted: 1, content: '', email: null, name: '' })
          .where('id', '=', id)
          .execute();
        // the notifications about it quote its text: they go with it
        await this.notifications.deleteForComments(articleId, [id], trx);
        return;
      }
      await trx.deleteFrom('comments').where('id', '=', id).execute();
      let parentId = c.parent_id === null ? null : Number(c.parent_id);
      while (parentId !== null) {
        const p = await trx
          .selectFrom('comments')
          .select(['id', 'parent_id', 'is_deleted'])
          .where('id', '=', parentId)
          .executeTakeFirst();
        if (!p || Number(p.is_deleted) !== 1 || (await hasReplies(parentId))) break;
        await trx.deleteFrom('comments').where('id', '=', parentId).execute();
        parentId = p.parent_id === null ? null : Number(p.parent_id);
      }
      await this.notifications.deleteForComments(articleId, [id], trx);
    });
  }
}
