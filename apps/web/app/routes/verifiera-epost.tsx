import { useSearchParams } from 'react-router';
import accountStyles from '../features/auth/account.css?url';
import { VerifyEmail } from '../features/auth/components/VerifyEmail';

export const links = () => [{ rel: 'stylesheet', href: accountStyles }];
export const meta = () => [
  { title: 'Bekräfta e-postadress | Väggen' },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

/** Issue 21: the page a verification mail links to. */
export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  return (
    <div className="account-page">
      <VerifyEmail token={params.get('token')} />
    </div>
  );
}
