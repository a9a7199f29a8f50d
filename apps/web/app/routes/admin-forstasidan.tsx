import { RequireRole } from '../components/RequireRole';
import accountStyles from '../features/auth/account.css?url';
import { FrontsOverviewPage } from '../features/fronts/components/FrontsOverviewPage';
import frontsStyles from '../features/fronts/fronts.css?url';
import newsroomStyles from '../features/newsroom/newsroom.css?url';

export const links = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: newsroomStyles },
  { rel: 'stylesheet', href: frontsStyles },
];
export const meta = () => [{ title: 'Förstasidan | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Issue 41: the fronts the editors arrange (admin). */
export default function AdminFronts() {
  return <RequireRole need="admin">{() => <FrontsOverviewPage />}</RequireRole>;
}
