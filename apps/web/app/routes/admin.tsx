import { RequireRole } from '../components/RequireRole';
import accountStyles from '../features/auth/account.css?url';
import { MailWarning } from '../features/mail';
import { ArticleDashboard, type DashboardSlots } from '../features/newsroom/components/ArticleDashboard';
import newsroomStyles from '../features/newsroom/newsroom.css?url';
import { PermissionRequestsPanel } from '../features/notifications';
import roleRequestsStyles from '../features/role-requests/role-requests.css?url';

export const links = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: newsroomStyles },
  { rel: 'stylesheet', href: roleRequestsStyles },
];
export const meta = () => [{ title: 'Redaktionen | Väggen' }, { name: 'robots', content: 'noindex' }];

/** The newsroom composed: the mail warning and the request panel in its slots (the menu is the shell's). */
const slots: DashboardSlots = {
  mailWarning: <MailWarning />,
  permissionRequests: (user) => <PermissionRequestsPanel user={user} />,
};

/** The article dashboard of spec 000 §2 (writer or admin); the list is fetched in the browser. */
export default function Admin() {
  return <RequireRole need="writer">{(user) => <ArticleDashboard user={user} slots={slots} />}</RequireRole>;
}
