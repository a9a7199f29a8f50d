import { PeriodicTablePage } from '../features/science/components/PeriodicTablePage';
import styles from '../features/science/science.css?url';

export const links = () => [{ rel: 'stylesheet', href: styles }];

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
