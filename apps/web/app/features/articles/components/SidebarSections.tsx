import { AD_SECOND_SIDEBAR_ATOM_CHANCE, type ArticleSummary, type SidebarData } from '@vaggen/contract';
import { type ComponentType, memo } from 'react';
import { formatShortDate } from '../../../lib/format';
import { ArticleLink } from './ArticleLink';

/** Memoised, as ArticleCard: the lists re-render after hydration (ads, the router), their headlines need not. */
export const HeadlineBlock = memo(function HeadlineBlock({
  title,
  articles,
}: {
  title: string;
  articles: ArticleSummary[];
}) {
  if (articles.length === 0) return null;
  return (
    <section className="sidebar-block">
      <h2 className="sidebar-title">{title}</h2>
      <ol className="headline-list">
        {articles.map((a) => (
          <li key={a.id}>
            <ArticleLink article={a} />
            <time dateTime={a.date}>{formatShortDate(a.date)}</time>
          </li>
        ))}
      </ol>
    </section>
  );
});

/**
 * The ads among the articles, passed in by the page that composes them (the ads feature's slot):
 * `Slot` shows one (fetched when shown); `MobileSlot` is one of the mobile list's interleaved ads,
 * which are fetched together, once, and only on a phone-sized screen (spec 000 §2).
 */
export interface ReaderAds {
  Slot: ComponentType<{ forceAtomChance?: number }>;
  MobileSlot: ComponentType<{ index: number }>;
}

export const LATEST_TITLE = 'SENASTE NYTT';
export const NEXT_TITLE = 'SENASTE';
export const HOTTEST_TITLE = 'HETAST SENASTE VECKAN';

/** Spec 000 §2: SENASTE NYTT, a square ad, SENASTE, "hottest last week", a second square ad. */
export function Sidebar({ data, ads }: { data: SidebarData; ads: ReaderAds }) {
  const AdSlot = ads.Slot;
  return (
    <div className="sidebar" data-testid="sidebar">
      <HeadlineBlock title={LATEST_TITLE} articles={data.latest} />
      <AdSlot />
      <HeadlineBlock title={NEXT_TITLE} articles={data.next} />
      <HeadlineBlock title={HOTTEST_TITLE} articles={data.hottest} />
      <AdSlot forceAtomChance={AD_SECOND_SIDEBAR_ATOM_CHANCE} />
    </div>
  );
}
