import type { LiveEntryPage } from '@vaggen/contract';
import { type ComponentType, lazy, Suspense } from 'react';
import type { LiveSlotProps } from './components/LiveSection';

// The server renders the section inside the page (the cached snapshot).
let ServerSection: ComponentType<LiveSlotProps> | null = null;
if (import.meta.env.SSR) ServerSection = (await import('./components/LiveSection')).default;
// In the browser its code (the stream, the "nya inlägg" button) is a chunk of its own, loaded only
// on a live report: the server's markup stays while it loads, then hydrates (a Suspense boundary).
const BrowserSection = lazy(() => import('./components/LiveSection'));

/**
 * Issue 44: a live report's entries on its article page. Every other article page's JavaScript
 * carries only this (decision 029's budget: docs/performance-budget.json).
 */
export function LiveSlot({
  data,
}: {
  data: { article: { id: number; live_ended_at: string | null }; live?: LiveEntryPage | null };
}) {
  const Section = ServerSection ?? BrowserSection;
  return (
    data.live && (
      <Suspense>
        <Section articleId={data.article.id} page={data.live} endedAt={data.article.live_ended_at} />
      </Suspense>
    )
  );
}
