import { RequireRole } from '../components/RequireRole';
import { MailAdminPage } from '../features/mail/components/MailAdminPage';
import mailStyles from '../features/mail/mail.css?url';

export const links = () => [{ rel: 'stylesheet', href: mailStyles }];
export const meta = () => [{ title: 'E-post | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Admins only (issue 21); the server checks the role on every mail call too. */
export default function AdminMailRoute() {
  return <RequireRole need="admin">{() => <MailAdminPage />}</RequireRole>;
}
