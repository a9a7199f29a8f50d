import accountStyles from '../features/auth/account.css?url';
import { RegisterForm } from '../features/auth/components/RegisterForm';

export const links = () => [{ rel: 'stylesheet', href: accountStyles }];
export const meta = () => [{ title: 'Skapa konto | Väggen' }, { name: 'robots', content: 'noindex' }];

export default function Register() {
  return (
    <div className="account-page">
      <RegisterForm />
    </div>
  );
}
