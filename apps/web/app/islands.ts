import { CountViewIsland } from './features/articles/components/CountView';
import { CommentsSlotIsland } from './features/comments';
import { LiveIsland } from './features/live';
import { SubscribeFormIsland } from './features/newsletter';
import { EditArticleIsland } from './features/newsroom';
import type { IslandDef } from './lib/island';
import { AdIsland, MobileAdIsland } from './routes/compose/reader-ads';
import { FlyCursorIsland, HeaderIsland } from './shell-islands';

/**
 * Every island of the reader pages (issue 46, decision 054), by name: what islands.client.tsx
 * hydrates. None of these modules may import React Router (the bundle-size test keeps its chunk
 * off island pages).
 */
export const ISLANDS: ReadonlyMap<string, IslandDef> = new Map(
  [
    HeaderIsland,
    FlyCursorIsland,
    AdIsland,
    MobileAdIsland,
    CountViewIsland,
    EditArticleIsland,
    LiveIsland,
    SubscribeFormIsland,
    CommentsSlotIsland,
  ].map((i) => [i.island.name, i.island]),
);
