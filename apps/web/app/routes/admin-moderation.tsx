import { RequireRole } from '../components/RequireRole';
import { QueuePage } from '../features/moderation/components/QueuePage';
import moderationStyles from '../features/moderation/moderation.css?url';

export const links = () => [{ rel: 'stylesheet', href: moderationStyles }];
export const meta = () => [{ title: 'Moderering | Väggen' }, { name: 'robots', content: 'noindex' }];

/** The comment queue (issue 16): admins see every article's comments, writers those on their own. */
export default function AdminModerationRoute() {
  return <RequireRole need="writer">{(user) => <QueuePage user={user} />}</RequireRole>;
}
