import { RequireRole } from '../components/RequireRole';
import { PlansAdmin } from '../features/revenue/components/PlansAdmin';

export const meta = () => [{ title: 'Prenumerationer | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Issue 42: `/admin/prenumerationer` — plans, revenue settings and complimentary subscriptions (admins). */
export default function AdminPlansRoute() {
  return <RequireRole need="admin">{() => <PlansAdmin />}</RequireRole>;
}
