import { PERIODIC_TABLE_DATA_URL } from '../features/science/api';
import { PeriodicTablePage } from '../features/science/components/PeriodicTablePage';
import styles from '../features/science/science.css?url';

// The table's data is fetched in the browser (spec 001, decision 008); the preload starts it with the
// page instead of after hydration, and the page's fetch takes the answer from it.
export const links = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'preload', href: PERIODIC_TABLE_DATA_URL, as: 'fetch', crossOrigin: 'use-credentials' as const },
];

export const meta = () => [
  { title: 'Periodiska systemet | Väggen' },
  {
    name: 'description',
    content: 'Interaktivt periodiskt system med alla 118 grundämnen, 3D-atommodeller, egenskaper och isotoper.',
  },
];

export default function PeriodicTable() {
  return <PeriodicTablePage />;
}
