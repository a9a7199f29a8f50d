import { RequireRole } from '../components/RequireRole';
import { AuditLogPage } from '../features/moderation/components/AuditLogPage';
import moderationStyles from '../features/moderation/moderation.css?url';

export const links = () => [{ rel: 'stylesheet', href: moderationStyles }];
export const meta = () => [{ title: 'Moderationslogg | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Admins only (issue 16): every moderation action, who did it and when. */
export default function AdminModerationLogRoute() {
  return <RequireRole need="admin">{(user) => <AuditLogPage user={user} />}</RequireRole>;
}
