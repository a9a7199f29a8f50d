import { RequireRole } from '../components/RequireRole';
import analyticsStyles from '../features/analytics/analytics.css?url';
import { StatisticsPage } from '../features/analytics/components/StatisticsPage';

export const meta = () => [{ title: 'Statistik | Väggen' }, { name: 'robots', content: 'noindex' }];
export const links = () => [{ rel: 'stylesheet', href: analyticsStyles }];

/** Issue 45: `/admin/statistik` — the newsroom's analytics (writers: their own articles; admins: all). */
export default function AdminStatisticsRoute() {
  return <RequireRole need="writer">{(user) => <StatisticsPage user={user} />}</RequireRole>;
}
