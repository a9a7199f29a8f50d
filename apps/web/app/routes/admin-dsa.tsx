import { RequireRole } from '../components/RequireRole';
import { DsaDesk } from '../features/dsa/components/DsaDesk';
import styles from '../features/dsa/dsa.css?url';

export const links = () => [{ rel: 'stylesheet', href: styles }];
export const meta = () => [{ title: 'Olagligt innehåll (DSA) | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Issue 43: `/admin/dsa` — notices of illegal content and appeals, for admins. */
export default function AdminDsaRoute() {
  return <RequireRole need="admin">{() => <DsaDesk />}</RequireRole>;
}
