import { Header, type HeaderSlots } from './components/Header';
import { FlyCursorHost } from './features/fly-cursor/FlyCursorHost';
import { QueueBadgeSlot } from './features/moderation/lazy';
import { HeaderBellSlot, MenuBadgeSlot, MobileNotificationsSlot } from './features/notifications/lazy';
import { Ticker } from './features/ticker/components/Ticker';
import { island } from './lib/island';

/** The header's feature pieces (the shell composes them; the header knows no feature). */
const HEADER_SLOTS: HeaderSlots = {
  bell: (user) => <HeaderBellSlot user={user} />,
  queueBadge: (user) => <QueueBadgeSlot user={user} />,
  mobileNotifications: (user, onNavigate) => <MobileNotificationsSlot user={user} onNavigate={onNavigate} />,
  menuBadge: <MenuBadgeSlot />,
  ticker: <Ticker />,
};

function SiteHeader({ pathname }: { pathname: string }) {
  return <Header slots={HEADER_SLOTS} pathname={pathname} />;
}

/**
 * The shell's islands (issue 46): the header with its features (menu, search, account, bell, the
 * ticker's button) and the fly cursor's key. Kept apart from root.tsx, which imports React Router:
 * an island's module graph must not reach it.
 */
export const HeaderIsland = island('header', SiteHeader);
export const FlyCursorIsland = island('fly-cursor', FlyCursorHost);
