import { TranslatePage } from '../features/translate/components/TranslatePage';
import styles from '../features/translate/translate.css?url';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/translate';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.origin };
}

export const meta = ({ data }: Route.MetaArgs) => [
  ...pageMeta({
    title: 'Översätt PDF till Word',
    description: 'Läs text ur en PDF-fil, översätt den med en språkmodell och ladda ner översättningen som Word-fil.',
    url: `${data?.origin ?? ''}/translate`,
  }),
  { name: 'robots', content: 'noindex' },
];

/**
 * The PDF → translated Word tool (spec 001 §2), for logged-in users. Everything happens in the
 * browser (decision 012); pdf.js, its worker and docx are loaded by the feature on demand.
 */
export default function TranslateRoute() {
  return <TranslatePage />;
}
