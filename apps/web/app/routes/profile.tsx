import accountStyles from '../features/auth/account.css?url';
import { RequireRole } from '../features/auth/guards';
import privacyStyles from '../features/privacy/privacy.css?url';
import roleRequestsStyles from '../features/role-requests/role-requests.css?url';
import { ProfilePage } from '../features/users/components/ProfilePage';

export const links = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: roleRequestsStyles },
  { rel: 'stylesheet', href: privacyStyles },
];
export const meta = () => [{ title: 'Användarinställningar | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Login required; everything is loaded in the browser (the server renders "Loading..."). */
export default function Profile() {
  return <RequireRole need="user">{(user) => <ProfilePage user={user} />}</RequireRole>;
}
