import { RequireRole } from '../components/RequireRole';
import { AdminNewsletterPage } from '../features/newsletter/components/AdminNewsletterPage';
import newsletterStyles from '../features/newsletter/newsletter.css?url';

export const links = () => [{ rel: 'stylesheet', href: newsletterStyles }];
export const meta = () => [{ title: 'Morgonbrevet | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Admin only (issue 21); the server checks the role on every call too. */
export default function AdminNewsletterRoute() {
  return <RequireRole need="admin">{() => <AdminNewsletterPage />}</RequireRole>;
}
