import { RequireRole } from '../components/RequireRole';
import { BansPage } from '../features/moderation/components/BansPage';
import moderationStyles from '../features/moderation/moderation.css?url';

export const links = () => [{ rel: 'stylesheet', href: moderationStyles }];
export const meta = () => [{ title: 'Avstängda kommentatorer | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Admins only (issue 16): bans and always pre-moderated commenters. */
export default function AdminModerationBansRoute() {
  return <RequireRole need="admin">{(user) => <BansPage user={user} />}</RequireRole>;
}
