import { AccessibilityStatement } from '../features/static-pages/components/AccessibilityStatement';
import styles from '../features/static-pages/static-pages.css?url';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/tillganglighet';

export const links = () => [{ rel: 'stylesheet', href: styles }];
export const loader = ({ context }: Route.LoaderArgs) => ({ origin: context.origin });
export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    title: 'Tillgänglighetsredogörelse',
    description:
      'Hur tillgängligt Väggen är: status mot WCAG 2.2 AA, kända brister, hur du meddelar oss om något inte fungerar och vart du kan vända dig.',
    url: `${data?.origin ?? ''}/tillganglighet`,
  });

/** Issue 46: an island page (root.tsx): static text, only the shell's islands hydrate. */
export const handle = { islands: true };

export default function Tillganglighet() {
  return <AccessibilityStatement />;
}
