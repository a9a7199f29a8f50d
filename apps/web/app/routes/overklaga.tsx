import { useSearchParams } from 'react-router';
import { AppealPageIsland } from '../features/dsa/components/AppealPage';
import styles from '../features/dsa/dsa.css?url';

/** Issue 46: an island page — the form hydrates alone (decision 054). */
export const handle = { islands: true };
export const links = () => [{ rel: 'stylesheet', href: styles }];
export const meta = () => [{ title: 'Beslut om din kommentar | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Issue 43: `/overklaga?arende=…[&token=…]` — a statement of reasons and its appeal (DSA Art. 17, 20). */
export default function AppealRoute() {
  const [params] = useSearchParams();
  return (
    <section className="dsa-page">
      <h1 className="page-title">Beslut om din kommentar</h1>
      <AppealPageIsland caseNumber={(params.get('arende') ?? '').slice(0, 40)} token={params.get('token')} />
    </section>
  );
}
