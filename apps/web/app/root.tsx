import './context';
import type { PaperIdentity } from '@vaggen/contract';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  Links,
  type LoaderFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import { Footer, footerHidden } from './components/Footer';
import { Header, type HeaderSlots } from './components/Header';
import { InlineStyle } from './components/InlineStyle';
import { RouteErrorScreen } from './components/RouteErrorScreen';
import { FlyCursorHost } from './features/fly-cursor/FlyCursorHost';
import { QueueBadgeSlot } from './features/moderation/lazy';
import { HeaderBellSlot, MenuBadgeSlot, MobileNotificationsSlot } from './features/notifications/lazy';
import { Ticker } from './features/ticker/components/Ticker';
import { keepTypedText } from './lib/hydration';
import { SessionProvider } from './lib/session/session';
import appCss from './styles/app.css?inline';

// Issue 20: the layout's stylesheet (3 KB gzipped) is in every page's <head> instead of a
// render-blocking request; the browser bundle does not carry it (see InlineStyle).
const APP_CSS = import.meta.env.SSR ? appCss : '';

export const links = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'alternate', type: 'application/rss+xml', title: 'Väggen', href: '/rss.xml' },
];

/**
 * Issue 43: the paper's legal identity (the footer's ansvarig utgivare) once per page load; client
 * navigations keep it (a change re-renders the cached pages: their tag `paper-identity`).
 */
export async function loader({ context }: LoaderFunctionArgs): Promise<{ identity: PaperIdentity }> {
  return { identity: await context.reader.paperIdentity() };
}
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="sv">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b91c1c" />
        <Meta />
        <InlineStyle id="app-css" css={APP_CSS} />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * What a path change does besides rendering the new page. Spec 000 §2: the page scrolls to the top.
 * Keyboard and screen-reader users are taken to the new page too: the focus moves to `<main>` (the
 * next Tab is the page's first link, not the header's) unless the page focused one of its own fields,
 * and a live region reads the new title. Hydration is not a path change: a reader who scrolled while
 * the page loaded keeps their place, and a `#hash` its target. At hydration, text typed into the
 * server's fields goes into state (`keepTypedText`), and the document is marked once React has taken
 * over the server's HTML (`data-hydrated`): browser checks wait for it instead of guessing.
 */
function PathChange() {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo(0, 0);
    const main = document.getElementById('main');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
    setAnnounced(document.title);
  }, [pathname]);
  useLayoutEffect(() => {
    // Before any later render can wipe it: text typed while the page loaded goes into state.
    keepTypedText();
  }, []);
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announced}
    </p>
  );
}

/** The header's feature pieces (the shell composes them; the header knows no feature). */
const HEADER_SLOTS: HeaderSlots = {
  bell: (user) => <HeaderBellSlot user={user} />,
  queueBadge: (user) => <QueueBadgeSlot user={user} />,
  mobileNotifications: (user, onNavigate) => <MobileNotificationsSlot user={user} onNavigate={onNavigate} />,
  menuBadge: <MenuBadgeSlot />,
  ticker: <Ticker />,
};

function Shell({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const root = useRouteLoaderData<typeof loader>('root');
  return (
    <SessionProvider>
      <a className="skip-link" href="#main">
        Hoppa till innehållet
      </a>
      <PathChange />
      <Header slots={HEADER_SLOTS} />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      {!footerHidden(pathname) && <Footer identity={root?.identity} />}
      <FlyCursorHost />
    </SessionProvider>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** An error in the shell itself (a page's error stays inside the shell: routes/page-frame.tsx). */
export function ErrorBoundary() {
  return (
    <Shell>
      <RouteErrorScreen />
    </Shell>
  );
}
