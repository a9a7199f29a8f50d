import { RequireRole } from '../components/RequireRole';
import styles from '../features/dsa/dsa.css?url';
import { RepliesDesk } from '../features/replies/components/RepliesDesk';

export const links = () => [{ rel: 'stylesheet', href: styles }];
export const meta = () => [{ title: 'Genmälen | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Issue 43: `/admin/genmalen` — requests for a right of reply, for admins. */
export default function AdminRepliesRoute() {
  return <RequireRole need="admin">{() => <RepliesDesk />}</RequireRole>;
}
