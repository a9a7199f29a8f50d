import {
  type ArticleReplyLinks,
  displayName,
  REPLIES_MSG,
  REPLIES_PER_HOUR,
  REPLY_NEXT,
  REPLY_STATUS_LABELS,
  type ReplyCase,
  type ReplyCasePage,
  type ReplyDecision,
  type ReplyInput,
  type ReplyStatus,
  type User,
} from '@vaggen/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { ReplyRequestsTable } from '../../db/schema.js';
import type { DomainEvents } from '../../lib/events/domain-events.js';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import { caseNumber, idPage } from '../../lib/id-page.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { ArticlesService } from '../articles/service.js';
import { type MailService, renderMail } from '../mail/service.js';
import { ReplyPublished } from './events.js';

type Row = Selectable<ReplyRequestsTable>;

const PUBLISHED_LINKS_MAX = 10;

/**
 * Issue 43: the right of reply (genmäle, press ethics). Anyone an article concerns asks to reply; the
 * newsroom takes the case from mottagen to beviljad and publicerad, or avslagen with reasons; the
 * requester gets a receipt and every decision by e-mail. A published reply (an article of its own)
 * and the article it answers link to each other (`linksFor`; `ReplyPublished` re-renders both pages).
 */
export class RepliesService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      events: DomainEvents;
      articles: ArticlesService;
      mail: MailService;
      limiter: RateLimiter;
      /** Links in mails (the site's configured address). */
      siteUrl: string;
    },
  ) {}

  async request(input: ReplyInput, ip: string): Promise<{ case_number: string; msg: string }> {
    const { limiter, articles, mail } = this.deps;
    if ((await limiter.count(ip)) >= REPLIES_PER_HOUR)
      throw tooManyRequests(REPLIES_MSG.tooMany, await limiter.ttl(ip), REPLIES_PER_HOUR);
    const article = await articles.getById(input.articleId);
    if (!article) throw httpError(404, REPLIES_MSG.articleNotFound);
    await limiter.hit(ip);
    const now = nowIso();
    const number = caseNumber('GEN', now, 4);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('reply_requests')
        .values({
          case_number: number,
          article_id: article.id,
          article_title: article.title,
          name: input.name,
          email: input.email,
          text: input.text,
          status: 'received',
          created_at: now,
          decision_text: null,
          decided_at: null,
          decided_by: null,
          decided_by_name: null,
          reply_article_id: null,
        })
        .execute();
      await mail.enqueue(
        {
          to: input.email,
          subject: `Vi har tagit emot din begäran om genmäle (${number})`,
          kind: 'reply',
          ...renderMail({
            heading: 'Din begäran om genmäle har tagits emot',
            paragraphs: [
              `Hej ${input.name}!`,
              `Tack för din begäran om genmäle till artikeln ”${article.title}”. Ärendenummer: ${number}.`,
              'Ansvarig utgivare prövar begäran enligt de pressetiska reglerna. Du får besked per e-post.',
            ],
          }),
        },
        new Date(),
        trx,
      );
    });
    mail.nudge();
    return { case_number: number, msg: REPLIES_MSG.received(number) };
  }

  async list(q: { status?: ReplyStatus; cursor?: string; limit: number }): Promise<ReplyCasePage> {
    let query = this.db
      .selectFrom('reply_requests')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(q.limit + 1);
    if (q.status) query = query.where('status', '=', q.status);
    if (q.cursor) query = query.where('id', '<', Number(q.cursor));
    const { page, next_cursor } = idPage(await query.execute(), q.limit);
    return { items: await this.views(page), next_cursor };
  }

  private async views(rows: Row[]): Promise<ReplyCase[]> {
    const ids = [
      ...new Set(rows.flatMap((r) => [r.article_id, r.reply_article_id]).filter((id): id is number => id !== null)),
    ].map(Number);
    const refs = await this.deps.articles.refsFor(ids);
    const ref = (id: number | null) => {
      const a = id === null ? undefined : refs.get(Number(id));
      return a ? { id: a.id, title: a.title, url: `/article/${a.slug}` } : null;
    };
    return rows.map((r) => ({
      id: Number(r.id),
      case_number: r.case_number,
      status: r.status as ReplyStatus,
      name: r.name,
      email: r.email,
      text: r.text,
      created_at: r.created_at,
      article: ref(r.article_id),
      decision_text: r.decision_text,
      decided_at: r.decided_at,
      decided_by: r.decided_by_name,
      reply_article: ref(r.reply_article_id),
    }));
  }

  /** Moves a case on (mottagen → beviljad → publicerad, or avslagen), telling the requester. */
  async decide(id: number, input: ReplyDecision, actor: User): Promise<ReplyCase> {
    const { events, articles, mail } = this.deps;
    const row = await this.db.selectFrom('reply_requests').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw httpError(404, REPLIES_MSG.notFound);
    const from = row.status as ReplyStatus;
    if (!REPLY_NEXT[from].includes(input.status)) throw httpError(409, REPLIES_MSG.badMove);
    if (input.status === 'rejected' && !input.decision_text) throw httpError(400, REPLIES_MSG.reasonRequired);
    let replyArticle: { id: number; title: string; slug: string } | null = null;
    if (input.status === 'published') {
      if (!input.reply_article_id) throw httpError(400, REPLIES_MSG.publishedArticleRequired);
      const a = await articles.getById(input.reply_article_id);
      if (!a) throw httpError(400, REPLIES_MSG.publishedArticleNotFound);
      replyArticle = { id: a.id, title: a.title, slug: a.slug };
    }
    const now = nowIso();
    await events.transaction(async (trx) => {
      await trx
        .updateTable('reply_requests')
        .set({
          status: input.status,
          decision_text: input.decision_text ?? row.decision_text,
          decided_at: now,
          decided_by: actor.id,
          decided_by_name: displayName(actor),
          ...(replyArticle ? { reply_article_id: replyArticle.id } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', from)
        .execute();
      if (replyArticle)
        await events.emit(trx, ReplyPublished({ articleId: row.article_id, replyArticleId: replyArticle.id }));
      const paragraphs = [
        `Hej ${row.name}!`,
        `Ditt ärende ${row.case_number} om genmäle till artikeln ”${row.article_title}” har nytt besked: ${REPLY_STATUS_LABELS[input.status].toLowerCase()}.`,
        ...(input.decision_text ? [`Motivering: ${input.decision_text}`] : []),
        ...(input.status === 'granted' ? ['Vi publicerar ditt genmäle så snart som möjligt och hör av oss igen.'] : []),
        ...(input.status === 'rejected'
          ? [
              'Anser du att vi har brutit mot god publicistisk sed kan du vända dig till Allmänhetens Medieombudsman (medieombudsmannen.se).',
            ]
          : []),
      ];
      await mail.enqueue(
        {
          to: row.email,
          subject: `Besked om ditt genmäle (${row.case_number}): ${REPLY_STATUS_LABELS[input.status]}`,
          kind: 'reply',
          ...renderMail({
            heading: `Ditt genmäle: ${REPLY_STATUS_LABELS[input.status].toLowerCase()}`,
            paragraphs,
            ...(replyArticle
              ? { button: { label: 'Läs genmälet', url: `${this.deps.siteUrl}/article/${replyArticle.slug}` } }
              : {}),
          }),
        },
        new Date(),
        trx,
      );
    });
    mail.nudge();
    const [view] = await this.views([
      (await this.db.selectFrom('reply_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row,
    ]);
    return view as ReplyCase;
  }

  /** The published replies to an article, and the article a reply answers (both bounded). */
  async linksFor(articleId: number): Promise<ArticleReplyLinks> {
    const [to, from] = await Promise.all([
      this.db
        .selectFrom('reply_requests')
        .select('reply_article_id')
        .where('article_id', '=', articleId)
        .where('status', '=', 'published')
        .orderBy('id')
        .limit(PUBLISHED_LINKS_MAX)
        .execute(),
      this.db
        .selectFrom('reply_requests')
        .select('article_id')
        .where('reply_article_id', '=', articleId)
        .where('status', '=', 'published')
        .limit(1)
        .executeTakeFirst(),
    ]);
    const ids = [
      ...to.map((r) => r.reply_article_id).filter((id): id is number => id !== null),
      ...(from?.article_id ? [from.article_id] : []),
    ].map(Number);
    if (ids.length === 0) return { replies: [], replyTo: null };
    const refs = await this.deps.articles.refsFor(ids);
    const link = (id: number | null | undefined) => {
      const a = id == null ? undefined : refs.get(Number(id));
      return a ? { title: a.title, url: `/article/${a.slug}` } : null;
    };
    return {
      replies: to.map((r) => link(r.reply_article_id)).filter((l): l is { title: string; url: string } => l !== null),
      replyTo: link(from?.article_id),
    };
  }
}
