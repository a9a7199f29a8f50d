import { RequireRole } from '../components/RequireRole';
import { InboxPage } from '../features/inbox/components/InboxPage';
import inboxStyles from '../features/inbox/inbox.css?url';

export const links = () => [{ rel: 'stylesheet', href: inboxStyles }];
export const meta = () => [{ title: 'Inkorg | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Admin only (issue 6); the server checks the role on every inbox call too. */
export default function AdminInboxRoute() {
  return <RequireRole need="admin">{() => <InboxPage />}</RequireRole>;
}
