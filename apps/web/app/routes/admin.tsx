import accountStyles from '../features/auth/account.css?url';
import { RequireRole } from '../features/auth/guards';
import { ArticleDashboard } from '../features/newsroom/components/ArticleDashboard';
import newsroomStyles from '../features/newsroom/newsroom.css?url';
import roleRequestsStyles from '../features/role-requests/role-requests.css?url';

export const links = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: newsroomStyles },
  { rel: 'stylesheet', href: roleRequestsStyles },
];
export const meta = () => [{ title: 'Redaktionen | Väggen' }, { name: 'robots', content: 'noindex' }];

/** The article dashboard of spec 000 §2 (writer or admin); the list is fetched in the browser. */
export default function Admin() {
  return <RequireRole need="writer">{(user) => <ArticleDashboard user={user} />}</RequireRole>;
}
