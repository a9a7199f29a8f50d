import { NEWSROOM_TEXT } from '@vaggen/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvents } from './lib/events/domain-events.js';
import { PageCache, PageTag } from './lib/page-cache.js';
import { ArticleChanged, ArticleDeleted, ArticlePublished, ArticleWritten } from './modules/articles/events.js';
import {
  CommentPosted,
  CommentStatusChanged,
  CommentsRemoved,
  CommentThreadChanged,
} from './modules/comments/events.js';
import { ModerationSettingsChanged } from './modules/moderation/events.js';
import { AccountDeleted, ProfileChanged, RoleChanged } from './modules/users/events.js';
import { pageInvalidationFor, type Services } from './services.js';

/**
 * Who reacts to what (issue 39, decision 046): the one place to read when asking "what happens when
 * X happens?". Each event is defined in its module's `events.ts`; each handler here says its phase:
 * `inTransaction` (commits or fails with the write) or `afterCommit` (through the outbox, retried
 * until done; idempotent). Handlers run in the order listed. docs/architecture.md draws this map,
 * and `events.test.ts` checks the drawing against `events.subscriptions()`.
 */
export function wireEvents(events: DomainEvents, s: Services, pageCache: PageCache, log: FastifyBaseLogger): void {
  const evict = (...tags: string[]) => pageCache.invalidate({ evict: tags, stale: [] });

  // ---------------------------------------------------------------- articles
  // The search index follows every write of an article in the same transaction.
  events.inTransaction(ArticleWritten, 'search: index the text', (a, trx) => s.search.index(a, trx));
  // A deleted article takes what hangs on it along, in the same transaction.
  events.inTransaction(ArticleDeleted, 'notifications: delete those about it', (a, trx) =>
    s.notifications.deleteForArticle(a.id, trx),
  );
  events.inTransaction(ArticleDeleted, 'comments: delete its comments', (a, trx) =>
    s.comments.deleteForArticle(a.id, trx),
  );
  events.inTransaction(ArticleDeleted, 'search: remove it', (a, trx) => s.search.remove(a.id, trx));
  // …and its cached comment thread, whatever its status (decision 031).
  events.afterCommit(ArticleDeleted, 'pages: its comment thread', async (a) => evict(PageTag.thread(a.id)));
  // Readers see articles: the pages that show the changed one go, in every process (via Redis);
  // the sidebar and "Mer från …" around other articles re-render lazily (decision 016).
  events.afterCommit(ArticleChanged, 'pages: what shows it', async (c) => pageCache.invalidate(pageInvalidationFor(c)));
  // The moderation queue filters by an article's category and owner: its items follow an update.
  events.afterCommit(ArticleChanged, 'moderation: queue items follow', (c) => s.moderation.articleChanged(c));
  // A scheduled article went live: its author is told, in the same transaction as the change.
  events.inTransaction(ArticlePublished, 'notifications: tell the author', async (a, trx) => {
    if (a.authorId === null) return;
    await s.notifications.notify(
      [a.authorId],
      {
        type: 'article_published',
        title: NEWSROOM_TEXT.publishedTitle,
        message: NEWSROOM_TEXT.publishedMessage(a.title),
        actionUrl: `/article/${a.slug}`,
        articleId: a.id,
      },
      trx,
    );
  });

  // ---------------------------------------------------------------- comments
  // Issue 16 (decision 024): moderation records every new comment in its transaction (history,
  // fingerprint, queue item), and the authors concerned hear of a visible one.
  events.inTransaction(CommentPosted, 'moderation: record it', (c, trx) => s.moderation.recordCreated(c, trx));
  events.inTransaction(CommentPosted, 'notifications: tell the authors', (c, trx) => s.comments.notifyPosted(c, trx));
  // Issue 13 (decision 031): anonymous readers' comment threads are cached; an article's go after
  // every committed change of its comments (new, deleted, moderated, erased).
  events.afterCommit(CommentPosted, 'pages: the thread', async (c) => evict(PageTag.thread(c.article.id)));
  // A held comment may bring the queue to its alert threshold (reads the users module: after commit).
  events.afterCommit(CommentPosted, 'moderation: queue alert', (c) => s.moderation.afterCreated(c));
  // "Most read" weighs the comments readers see (issue 15); held ones do not count.
  events.afterCommit(CommentPosted, 'readership: count it', async (c) => {
    if (c.screening.status === 'visible') s.readership.recordComment(c.article.id);
  });
  events.inTransaction(CommentsRemoved, 'moderation: forget them', (c, trx) => s.moderation.forget(c.commentIds, trx));
  events.afterCommit(CommentsRemoved, 'pages: the threads', async (c) => evict(...c.articleIds.map(PageTag.thread)));
  events.afterCommit(CommentStatusChanged, 'pages: the thread', async (c) => evict(PageTag.thread(c.articleId)));
  // A held comment made public is news for the article's writer (never announced while held).
  events.afterCommit(CommentStatusChanged, 'notifications: announce an approved one', (c) => s.comments.announced(c));
  events.afterCommit(CommentThreadChanged, 'pages: the threads', async (c) =>
    evict(...c.articleIds.map(PageTag.thread)),
  );

  // ---------------------------------------------------------------- moderation
  // Settings saved in any process: every process drops its compiled word lists, through the page
  // cache's Redis link (and after a Redis outage, with everything else).
  events.afterCommit(ModerationSettingsChanged, 'moderation: every process re-reads', async () =>
    evict(PageTag.moderationSettings),
  );
  pageCache.onChange((change) => {
    if (PageCache.touches(change, PageTag.moderationSettings)) s.moderation.forgetSettings();
  });

  // ---------------------------------------------------------------- accounts
  // Bylines and comments show names and pictures: only pages and threads with this person go. A
  // role change too: a comment shows its author's staff role (issue 13).
  events.afterCommit(ProfileChanged, 'pages: their byline', async (u) => evict(PageTag.author(u.userId)));
  // An admin changed someone's role: their tokens stop working at once (decision 013).
  events.inTransaction(RoleChanged, 'auth: end their sessions', (u, trx) => s.auth.revokeAll(u.userId, trx));
  events.afterCommit(RoleChanged, 'pages: their byline', async (u) => evict(PageTag.author(u.userId)));
  // The account is gone: pages with the person's byline go, and the uploaded picture when no other
  // account or article shows the same file (names are content hashes, decision 018).
  events.afterCommit(AccountDeleted, 'pages: their byline', async (u) => evict(PageTag.author(u.userId)));
  events.afterCommit(AccountDeleted, 'media: their picture', async (u) => {
    const url = u.profilePicture;
    if (!url || (await s.users.pictureInUse(url)) || (await s.articles.imageInUse(url))) return;
    await s.media.removeStoredImage(url).catch((err) => log.warn({ err }, 'privacy: could not delete a picture'));
  });
}
