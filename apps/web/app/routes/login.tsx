import accountStyles from '../features/auth/account.css?url';
import { LoginForm } from '../features/auth/components/LoginForm';

export const links = () => [{ rel: 'stylesheet', href: accountStyles }];
export const meta = () => [{ title: 'Logga in | Väggen' }, { name: 'robots', content: 'noindex' }];

export default function Login() {
  return (
    <div className="account-page">
      <LoginForm />
    </div>
  );
}
