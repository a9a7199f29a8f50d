import { CommentsSlotIsland } from './features/comments';
import { LiveIsland } from './features/live';
import { SubscribeFormIsland } from './features/newsletter';
import { EditArticleIsland } from './features/newsroom';
import { type IslandDef, lazyIsland } from './lib/island';
import { FORM_ISLANDS, TOOL_ISLANDS } from './lib/lazy-islands';
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
    EditArticleIsland,
    LiveIsland,
    SubscribeFormIsland,
    CommentsSlotIsland,
    // the reader forms: each page fetches its own form's code
    lazyIsland(FORM_ISLANDS.contact, () =>
      import('./features/static-pages/components/ContactForm').then((m) => m.ContactForm),
    ),
    lazyIsland(FORM_ISLANDS.tip, () => import('./features/static-pages/components/TipForm').then((m) => m.TipForm)),
    lazyIsland(FORM_ISLANDS.adInquiry, () =>
      import('./features/static-pages/components/AdInquiryForm').then((m) => m.AdInquiryForm),
    ),
    lazyIsland(FORM_ISLANDS.reply, () => import('./features/replies/components/ReplyForm').then((m) => m.ReplyForm)),
    lazyIsland(FORM_ISLANDS.dsaNotice, () => import('./features/dsa/components/NoticeForm').then((m) => m.NoticeForm)),
    lazyIsland(FORM_ISLANDS.dsaAppeal, () => import('./features/dsa/components/AppealPage').then((m) => m.AppealPage)),
    lazyIsland(FORM_ISLANDS.checkout, () =>
      import('./features/revenue/components/CheckoutForm').then((m) => m.CheckoutForm),
    ),
    // spec 001's side tools: the page below the header is one island
    lazyIsland(TOOL_ISLANDS.periodicTable, () =>
      import('./features/science/components/PeriodicTablePage').then((m) => m.PeriodicTablePage),
    ),
    lazyIsland(TOOL_ISLANDS.solarSystem, () =>
      import('./features/solar-system/components/SolarSystemPage').then((m) => m.SolarSystemPage),
    ),
  ].map((i) => [i.island.name, i.island]),
);
