import { RequireRole } from '../components/RequireRole';
import styles from '../features/dsa/dsa.css?url';
import { PaperIdentitySettings } from '../features/settings/components/PaperIdentitySettings';

export const links = () => [{ rel: 'stylesheet', href: styles }];
export const meta = () => [{ title: 'Tidningens uppgifter | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Issue 43: `/admin/installningar` — the paper's legal identity, for admins. */
export default function AdminSettingsRoute() {
  return <RequireRole need="admin">{() => <PaperIdentitySettings />}</RequireRole>;
}
