import { SolarSystemPage } from '../features/solar-system/components/SolarSystemPage';
import styles from '../features/solar-system/solar-system.css?url';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/solar-system';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

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
  return <SolarSystemPage />;
}
