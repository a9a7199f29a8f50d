import { RequireRole } from '../components/RequireRole';
import accountStyles from '../features/auth/account.css?url';
import { StaffInvitePanel } from '../features/staff';
import { UserManagement } from '../features/users/components/UserManagement';

export const links = () => [{ rel: 'stylesheet', href: accountStyles }];
export const meta = () => [{ title: 'Användarhantering | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Admin only (spec 001 §2); the list is fetched in the browser. */
export default function UserManagementRoute() {
  return (
    <RequireRole need="admin">
      {(user) => (
        <>
          <UserManagement me={user} />
          {/* issue 41: invitations to the newsroom by e-mail */}
          <StaffInvitePanel />
        </>
      )}
    </RequireRole>
  );
}
