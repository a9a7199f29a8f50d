import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { onSessionEnd } from './sessionEnd';

let browserClient: QueryClient | null = null;

function makeClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 10_000, refetchOnWindowFocus: true, retry: 1 },
      mutations: { retry: 0 },
    },
  });
}

/**
 * One client for the whole tab, shared by the header bell, the mobile menu, the notifications page
 * and the admin panel, so they show the same data and one poll serves them all. The cache is
 * dropped when the session ends. (Queries only ever run in the browser, after the session loads.)
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeClient();
  if (!browserClient) {
    browserClient = makeClient();
    onSessionEnd(() => browserClient?.clear());
  }
  return browserClient;
}

/** The tab's query client for a subtree (kept off reader pages, whose JavaScript budget is tight). */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}

export const NotificationsQueryProvider = QueryProvider;
