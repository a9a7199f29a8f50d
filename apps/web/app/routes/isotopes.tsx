import { InlineStyle } from '../components/InlineStyle';
import { IsotopePage } from '../features/science/components/IsotopePage';
import css from '../features/science/science.css?inline';
import type { Route } from './+types/isotopes';

export const meta = ({ params }: Route.MetaArgs) => [
  { title: `Isotoper – grundämne ${params.atomicNumber} | Väggen` },
  { name: 'description', content: 'Isotoper, halveringstider, sönderfall och naturlig förekomst (NUBASE2020).' },
];

/** Serves both /element-view/:atomicNumber/isotopes and /elements/:atomicNumber/isotopes (spec 001 §2). */
export default function Isotopes({ params }: Route.ComponentProps) {
  // The page's styles are in its HTML (issue 20), and in this route's chunk for client navigation.
  return (
    <>
      <InlineStyle id="science-css" css={css} />
      <IsotopePage key={params.atomicNumber} atomicNumber={params.atomicNumber} />
    </>
  );
}
