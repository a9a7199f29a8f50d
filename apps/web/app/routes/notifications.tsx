import { RequireRole } from '../components/RequireRole';
import accountStyles from '../features/auth/account.css?url';
import { NotificationsPage } from '../features/notifications/components/NotificationsPage';
import pageStyles from '../features/notifications/notifications-page.css?url';

export const links = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: pageStyles },
];
export const meta = () => [{ title: 'Notifikationer | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Spec 000 §2 / 001 §2: login required; everything loads in the browser. */
export default function Notifications() {
  return <RequireRole need="user">{(user) => <NotificationsPage user={user} />}</RequireRole>;
}
