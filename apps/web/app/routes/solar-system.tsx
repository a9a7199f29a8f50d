import { InlineStyle } from '../components/InlineStyle';
import { SolarSystemPageIsland } from '../features/solar-system/components/SolarSystemPage';
import css from '../features/solar-system/solar-system.css?inline';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/solar-system';

/** Issue 46: an island page — the solar system hydrates alone, without React Router (decision 054). */
export const handle = { islands: true };

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.origin };
}

export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    title: 'Solsystemet i 3D',
    description:
      'Utforska solen, planeterna, dvärgplaneterna Ceres och Pluto och deras största månar i 3D, med fakta från NASA.',
    url: `${data?.origin ?? ''}/solar-system`,
  });

export default function SolarSystemRoute() {
  // The page's styles are in its HTML, not a render-blocking request (issue 20); the same text comes
  // with this route's chunk for a page the browser renders after a link is followed.
  return (
    <>
      <InlineStyle id="solar-system-css" css={css} />
      <SolarSystemPageIsland />
    </>
  );
}
