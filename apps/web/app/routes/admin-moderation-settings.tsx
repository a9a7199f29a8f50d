import { RequireRole } from '../components/RequireRole';
import { SettingsPage } from '../features/moderation/components/SettingsPage';
import moderationStyles from '../features/moderation/moderation.css?url';

export const links = () => [{ rel: 'stylesheet', href: moderationStyles }];
export const meta = () => [{ title: 'Inställningar för moderering | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Admins only (issue 16); the server checks the role on every settings call too. */
export default function AdminModerationSettingsRoute() {
  return <RequireRole need="admin">{(user) => <SettingsPage user={user} />}</RequireRole>;
}
