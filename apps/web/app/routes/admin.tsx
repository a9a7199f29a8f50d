import { Link } from 'react-router';
import accountStyles from '../features/auth/account.css?url';
import { RequireRole } from '../features/auth/guards';
import { displayName, isAdmin } from '../features/auth/roles';

export const links = () => [{ rel: 'stylesheet', href: accountStyles }];
export const meta = () => [{ title: 'Redaktionen | Väggen' }, { name: 'robots', content: 'noindex' }];

/**
 * PLACEHOLDER for the newsroom issue, which replaces this module with the article dashboard of
 * spec 000 §2. It exists so that the writer-or-admin guard of /admin works now.
 */
export default function AdminPlaceholder() {
  return (
    <RequireRole need="writer">
      {(user) => (
        <div className="admin-placeholder">
          <h1 className="page-title">Redaktionen</h1>
          <p>Hej, {displayName(user)}!</p>
          {isAdmin(user) && (
            <p>
              <Link to="/admin/user-management">Användarhantering</Link>
            </p>
          )}
        </div>
      )}
    </RequireRole>
  );
}
