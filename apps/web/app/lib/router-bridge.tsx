import {
  type ComponentType,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useSyncExternalStore,
} from 'react';

/**
 * Issue 46 (decision 054): what a component needs of the router, without importing it. Reader
 * pages are islands — parts that hydrate alone, without React Router's client — so the parts they
 * share with the full app (the header, the comments, the notifications) take links, navigation and
 * the address from this bridge. The full app (root.tsx) provides React Router's; an island, which
 * has none, gets plain links, the browser's navigation and `window.location`.
 */
export interface RouterBridge {
  Link: ComponentType<AppLinkProps>;
  navigate(to: string): void;
  /** Replaces the address's query (`?a=1`, or empty) in place: no new history entry, no scroll. */
  replaceSearch(search: string): void;
  location: PageLocation;
}

export interface PageLocation {
  pathname: string;
  /** The query, with its `?` (or empty). */
  search: string;
  hash: string;
  /** Changes with every navigation (React Router's location key); `default` on a page's first load. */
  key: string;
}

export interface AppLinkProps {
  href: string;
  className?: string;
  title?: string;
  onClick?: () => void;
  children?: ReactNode;
  'aria-current'?: 'page';
  'data-notif-item'?: string;
}

const Bridge = createContext<RouterBridge | null>(null);

export function RouterBridgeProvider({ value, children }: { value: RouterBridge; children: ReactNode }) {
  return <Bridge.Provider value={value}>{children}</Bridge.Provider>;
}

/** A link: React Router's in the full app, a plain one in an island (a page load). */
export function AppLink(props: AppLinkProps) {
  const bridge = useContext(Bridge);
  if (bridge) return <bridge.Link {...props} />;
  const { href, children, ...rest } = props;
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}

/** Goes to a path: in place in the full app, a page load in an island. */
export function useGo(): (to: string) => void {
  const bridge = useContext(Bridge);
  return bridge ? bridge.navigate : (to) => window.location.assign(to);
}

const SERVER_LOCATION: PageLocation = { pathname: '', search: '', hash: '', key: 'default' };
let windowLocation: PageLocation = SERVER_LOCATION;
function readWindowLocation(): PageLocation {
  const { pathname, search, hash } = window.location;
  if (windowLocation.pathname !== pathname || windowLocation.search !== search || windowLocation.hash !== hash)
    windowLocation = {
      pathname,
      search,
      hash,
      key: windowLocation === SERVER_LOCATION ? 'default' : `${pathname}${search}${hash}`,
    };
  return windowLocation;
}
/** Said on the window when an island replaces the query (`history.replaceState` says nothing itself). */
const SEARCH_REPLACED = 'vaggen:search';
function subscribeLocation(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  window.addEventListener(SEARCH_REPLACED, onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(SEARCH_REPLACED, onChange);
  };
}
function replaceWindowSearch(search: string) {
  const { pathname, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
  window.dispatchEvent(new Event(SEARCH_REPLACED));
}

/**
 * The page's address: React Router's in the full app; in an island the browser's (it follows
 * `hashchange`, the back button and `useReplaceSearch`). The server knows no hash, and an island on
 * the server no path or query: a part that renders on the server takes its path as a prop.
 */
export function usePageLocation(): PageLocation {
  const bridge = useContext(Bridge);
  const own = useSyncExternalStore(subscribeLocation, readWindowLocation, () => SERVER_LOCATION);
  return bridge ? bridge.location : own;
}

/** Replaces the page's query in place: through React Router in the full app, `history` in an island. */
export function useReplaceSearch(): (search: URLSearchParams) => void {
  const bridge = useContext(Bridge);
  return useCallback(
    (search: URLSearchParams) => {
      const text = search.toString();
      const query = text ? `?${text}` : '';
      if (bridge) bridge.replaceSearch(query);
      else replaceWindowSearch(query);
    },
    [bridge],
  );
}
