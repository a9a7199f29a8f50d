import { IsotopePage } from '../features/science/components/IsotopePage';
import styles from '../features/science/science.css?url';
import type { Route } from './+types/isotopes';

export const links = () => [{ rel: 'stylesheet', href: styles }];

export const meta = ({ params }: Route.MetaArgs) => [
  { title: `Isotoper – grundämne ${params.atomicNumber} | Väggen` },
  { name: 'description', content: 'Isotoper, halveringstider, sönderfall och naturlig förekomst (NUBASE2020).' },
];

/** Serves both /element-view/:atomicNumber/isotopes and /elements/:atomicNumber/isotopes (spec 001 §2). */
export default function Isotopes({ params }: Route.ComponentProps) {
  return <IsotopePage key={params.atomicNumber} atomicNumber={params.atomicNumber} />;
}
