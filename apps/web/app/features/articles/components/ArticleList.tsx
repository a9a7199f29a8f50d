import {
  type ArticleSummary,
  MOBILE_GROUP_COUNT,
  MOBILE_GROUP_SIZE,
  MOBILE_REST_FROM,
  type SidebarData,
} from '@vaggen/contract';
import type { ReactNode } from 'react';
import { ArticleCard } from './ArticleCard';
import { HeadlineBlock, HOTTEST_TITLE, LATEST_TITLE, NEXT_TITLE, type ReaderAds } from './SidebarSections';

/** A list page's articles (home, category, tag, author), or the page's own text when it has none. */
export function ArticleList({
  articles,
  sidebar,
  empty,
  ads,
}: {
  articles: ArticleSummary[];
  sidebar: SidebarData;
  empty: string;
  ads: ReaderAds;
}) {
  return articles.length === 0 ? (
    <p className="empty">{empty}</p>
  ) : (
    <ArticleGroups articles={articles} sidebar={sidebar} ads={ads} />
  );
}

/**
 * Desktop: one list. Mobile (≤ 480 px): groups of three for seven groups, interleaved with the
 * sidebar's sections and ads, then the rest from item 21. Both come from the same markup: the
 * interleaved sections are CSS-hidden on wide screens, so the server renders one page for all.
 */
function ArticleGroups({
  articles,
  sidebar,
  ads: readerAds,
}: {
  articles: ArticleSummary[];
  sidebar: SidebarData;
  ads: ReaderAds;
}) {
  const AdSlot = readerAds.MobileSlot;
  const between: ReactNode[] = [
    <HeadlineBlock key="latest" title={LATEST_TITLE} articles={sidebar.latest} />,
    <AdSlot key="ad0" index={0} />,
    <HeadlineBlock key="next" title={NEXT_TITLE} articles={sidebar.next} />,
    <HeadlineBlock key="hot" title={HOTTEST_TITLE} articles={sidebar.hottest} />,
    <AdSlot key="ad1" index={1} />,
    <AdSlot key="ad2" index={2} />,
  ];
  const groups: ArticleSummary[][] = [];
  for (let g = 0; g < MOBILE_GROUP_COUNT; g++) {
    const slice = articles.slice(g * MOBILE_GROUP_SIZE, (g + 1) * MOBILE_GROUP_SIZE);
    if (slice.length === 0) break;
    groups.push(slice);
  }
  const rest = articles.slice(MOBILE_REST_FROM);
  return (
    <div className="article-list" data-testid="article-list">
      {groups.map((group, g) => (
        <div key={group[0].id} className="article-group" data-group={g + 1}>
          {group.map((a, i) => (
            <ArticleCard key={a.id} article={a} eager={g === 0 && i === 0} />
          ))}
          {g < groups.length - 1 && between[g] ? (
            <div className="mobile-only interleave" data-testid="interleave">
              {between[g]}
            </div>
          ) : null}
        </div>
      ))}
      {rest.length > 0 && (
        <div className="article-group article-rest" data-group="rest">
          {rest.map((a) => (
            <ArticleCard key={a.id} article={a} />
          ))}
        </div>
      )}
    </div>
  );
}
