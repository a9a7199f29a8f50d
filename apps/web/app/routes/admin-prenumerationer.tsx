import { RequireRole } from '../components/RequireRole';
import { GiftsAdmin } from '../features/revenue/components/GiftsAdmin';
import { OffersAdmin } from '../features/revenue/components/OffersAdmin';
import { PlansAdmin } from '../features/revenue/components/PlansAdmin';
import { SubscribersPanel } from '../features/revenue/components/SubscribersPanel';
import revenueAdminStyles from '../features/revenue/revenue-admin.css?url';

export const links = () => [{ rel: 'stylesheet', href: revenueAdminStyles }];
export const meta = () => [{ title: 'Prenumerationer | Väggen' }, { name: 'robots', content: 'noindex' }];

/**
 * Issue 42: `/admin/prenumerationer` — plans, revenue settings and complimentary subscriptions, offers,
 * then the subscribers and the figures, also over time, and the gift subscriptions bought (admins).
 */
export default function AdminPlansRoute() {
  return (
    <RequireRole need="admin">
      {() => (
        <div className="revenue-admin">
          <PlansAdmin />
          <OffersAdmin />
          <SubscribersPanel />
          <GiftsAdmin />
        </div>
      )}
    </RequireRole>
  );
}
