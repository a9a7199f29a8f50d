import { useSearchParams } from 'react-router';
import accountStyles from '../features/auth/account.css?url';
import { ResetPasswordForm } from '../features/auth/components/ResetPasswordForm';

export const links = () => [{ rel: 'stylesheet', href: accountStyles }];
// The token is in the address: no index, and no Referer carrying it to another site.
export const meta = () => [
  { title: 'Välj nytt lösenord | Väggen' },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

/** Issue 21: the page a reset mail links to. */
export default function ResetPassword() {
  const [params] = useSearchParams();
  return (
    <div className="account-page">
      <ResetPasswordForm token={params.get('token')} />
    </div>
  );
}
