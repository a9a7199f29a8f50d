import accountStyles from '../features/auth/account.css?url';
import { ForgotPasswordForm } from '../features/auth/components/ForgotPasswordForm';

export const links = () => [{ rel: 'stylesheet', href: accountStyles }];
export const meta = () => [{ title: 'Glömt lösenordet | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Issue 21: ask for a password-reset link. */
export default function ForgotPassword() {
  return (
    <div className="account-page">
      <ForgotPasswordForm />
    </div>
  );
}
