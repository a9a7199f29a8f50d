import { useSearchParams } from 'react-router';
import accountStyles from '../features/auth/account.css?url';
import { AcceptInvitation } from '../features/staff';

export const links = () => [{ rel: 'stylesheet', href: accountStyles }];
export const meta = () => [
  { title: 'Inbjudan till redaktionen | Väggen' },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

/** Issue 41: the page a staff invitation mail links to. */
export default function StaffInvitationRoute() {
  const [params] = useSearchParams();
  return (
    <div className="account-page">
      <AcceptInvitation token={params.get('token')} />
    </div>
  );
}
