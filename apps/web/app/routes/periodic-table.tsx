import { InlineStyle } from '../components/InlineStyle';
import { PERIODIC_TABLE_DATA_URL } from '../features/science/api';
import { PeriodicTablePageIsland } from '../features/science/components/PeriodicTablePage';
import css from '../features/science/science.css?inline';

// The table's data is fetched in the browser (spec 001, decision 008); the preload starts it with the
// page instead of after hydration, and the page's fetch takes the answer from it.
export const links = () => [
  { rel: 'preload', href: PERIODIC_TABLE_DATA_URL, as: 'fetch', crossOrigin: 'use-credentials' as const },
];

/** Issue 46: an island page — the table hydrates alone, without React Router (decision 054). */
export const handle = { islands: true };

export const meta = () => [
  { title: 'Periodiska systemet | Väggen' },
  {
    name: 'description',
    content: 'Interaktivt periodiskt system med alla 118 grundämnen, 3D-atommodeller, egenskaper och isotoper.',
  },
];

export default function PeriodicTable() {
  // The page's styles are in its HTML, not a render-blocking request (issue 20); the same text comes
  // with this route's chunk for a page the browser renders after a link is followed.
  return (
    <>
      <InlineStyle id="science-css" css={css} />
      <PeriodicTablePageIsland />
    </>
  );
}
