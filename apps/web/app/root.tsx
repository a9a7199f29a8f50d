import './context';
import islandsScript from 'virtual:vaggen-islands';
import type { PaperIdentity } from '@vaggen/contract';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  Link,
  Links,
  type LoaderFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type UIMatch,
  useLocation,
  useMatches,
  useNavigate,
  useRouteLoaderData,
} from 'react-router';
import { Footer, footerHidden } from './components/Footer';
import { InlineStyle } from './components/InlineStyle';
import { RouteErrorScreen } from './components/RouteErrorScreen';
import { keepTypedText } from './lib/hydration';
import { IslandPageProvider, useIslandPage } from './lib/island';
import { type AppLinkProps, type RouterBridge, RouterBridgeProvider } from './lib/router-bridge';
import { SessionProvider } from './lib/session/session';
import { FlyCursorIsland, HeaderIsland } from './shell-islands';
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

/**
 * Issue 46 (decision 054): whether the page is an island page — its deepest route that says so
 * (`handle: { islands }`) decides. Such a page gets the islands' script instead of React Router's.
 */
export function isIslandPage(matches: readonly Pick<UIMatch, 'handle'>[]): boolean {
  for (let i = matches.length - 1; i >= 0; i--) {
    const islands = (matches[i].handle as { islands?: boolean } | undefined)?.islands;
    if (islands !== undefined) return islands;
  }
  return false;
}

/** The islands' script and the modules it needs at once (preloaded, so they load in parallel). */
function IslandScripts() {
  return (
    <>
      {islandsScript.preload.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {/* async: a module script otherwise holds DOMContentLoaded until it has run (React moves it
          into <head>; the script waits for the document itself) */}
      <script type="module" async src={islandsScript.entry} />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Only the server writes island pages: a page the full app renders after a client navigation is
  // the full app's, whatever its route (its parts render in place).
  const matches = useMatches();
  const islands = import.meta.env.SSR && isIslandPage(matches);
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
        <IslandPageProvider value={islands}>{children}</IslandPageProvider>
        {islands ? (
          <IslandScripts />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
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

const RouterLink = ({ href, ...props }: AppLinkProps) => <Link to={href} {...props} />;

/** The full app's router, for the parts of the page it shares with the island pages (lib/router-bridge). */
function ReactRouterBridge({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const bridge = useMemo<RouterBridge>(
    () => ({
      Link: RouterLink,
      navigate: (to) => void navigate(to),
      replaceSearch: (search) =>
        void navigate(
          { pathname: location.pathname, search, hash: location.hash },
          { replace: true, preventScrollReset: true },
        ),
      location,
    }),
    [location, navigate],
  );
  return <RouterBridgeProvider value={bridge}>{children}</RouterBridgeProvider>;
}

/**
 * The page around every route: header, main, footer. On an island page (issue 46) it is the server's
 * HTML, the header and the fly cursor hydrating as islands; in the full app it is React Router's,
 * which also handles path changes.
 */
function Shell({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const root = useRouteLoaderData<typeof loader>('root');
  const islands = useIslandPage();
  const page = (
    <SessionProvider>
      <a className="skip-link" href="#main">
        Hoppa till innehållet
      </a>
      {!islands && <PathChange />}
      <HeaderIsland pathname={pathname} />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      {!footerHidden(pathname) && <Footer identity={root?.identity} />}
      <FlyCursorIsland />
    </SessionProvider>
  );
  return islands ? page : <ReactRouterBridge>{page}</ReactRouterBridge>;
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
