import type { AccessClass, Article, ArticleAccess, Plan, PlanInput, Subscription } from '@vaggen/contract';
import { REVENUE_MSG } from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { httpError } from '../../lib/http-errors.js';
import type { ArticlesService } from '../articles/service.js';
import type { AuthService } from '../auth/service.js';
import type { NewsroomSettingsService } from '../settings/service.js';
import type { UsersService } from '../users/service.js';
import { ACCESS_PASS_COOKIE, GIFT_PARAM, ReaderAccess } from './access.js';
import { Plans } from './plans.js';
import { Subscriptions } from './subscriptions.js';

export { ACCESS_PASS_COOKIE, GIFT_PARAM };

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export interface RevenueDeps {
  articles: ArticlesService;
  auth: AuthService;
  users: UsersService;
  settings: NewsroomSettingsService;
  secret: Buffer;
}

/**
 * Issue 42: reader revenue — plans, subscriptions, and the one home of "who may read this": the
 * entitlement rule (`subscriptions.ts` `givesAccess`), readers' access classes, the meter and gift
 * links (`access.ts`). The articles module always answers readers a locked article's teaser; the
 * whole text is fetched here (`forReader`) for a reader this module lets in.
 */
export class RevenueService {
  readonly plans: Plans;
  readonly subscriptions: Subscriptions;
  readonly access: ReaderAccess;

  constructor(
    db: Db,
    private readonly deps: RevenueDeps,
  ) {
    this.plans = new Plans(db);
    this.subscriptions = new Subscriptions(db, this.plans);
    this.access = new ReaderAccess(db, {
      secret: deps.secret,
      userOfSessionHash: (h) => deps.auth.userOfSessionHash(h),
      hasAccess: async (userId) => this.subscriptions.hasAccess(userId, await this.graceDays()),
      settings: () => deps.settings.get(),
      articleTitle: async (id) => {
        const a = await deps.articles.getById(id);
        return a ? { title: a.title, slug: a.slug } : null;
      },
    });
  }

  private async graceDays(): Promise<number> {
    return (await this.deps.settings.get()).past_due_grace_days;
  }

  // ------------------------------------------------------------------ plans
  listPlans(onSaleOnly: boolean): Promise<Plan[]> {
    return this.plans.list(onSaleOnly);
  }
  createPlan(input: PlanInput): Promise<Plan> {
    return this.plans.create(input);
  }
  updatePlan(id: number, input: PlanInput): Promise<Plan> {
    return this.plans.update(id, input);
  }

  // ------------------------------------------------------------------ subscriptions
  async mine(userId: number): Promise<Subscription | null> {
    return this.subscriptions.mine(userId, await this.graceDays());
  }

  async grantComplimentary(userId: number, planId: number, until: string): Promise<Subscription> {
    if (!(await this.deps.users.getById(userId))) throw httpError(404, REVENUE_MSG.userNotFound);
    return this.subscriptions.grantComplimentary(userId, planId, until, await this.graceDays());
  }

  /** Whether a reader has a subscription that gives access now (THE entitlement check). */
  async hasAccess(userId: number): Promise<boolean> {
    return this.subscriptions.hasAccess(userId, await this.graceDays());
  }

  // ------------------------------------------------------------------ the paywall
  classOf(userId: number | null): Promise<AccessClass> {
    return this.access.classOf(userId);
  }
  classForArticle(userId: number | null, articleId: number, access: ArticleAccess): Promise<AccessClass> {
    return this.access.classForArticle(userId, articleId, access);
  }
  /** An article as this reader may read it: whole, or as the articles module gave it (locked). */
  forReader(userId: number | null, article: Article): Promise<Article> {
    return this.access.forReader(userId, article, (id) => this.deps.articles.unlocked(id));
  }
}
