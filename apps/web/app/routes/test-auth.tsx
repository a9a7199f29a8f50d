import accountStyles from '../features/auth/account.css?url';
import { TestAuth } from '../features/auth/components/TestAuth';

export const links = () => [{ rel: 'stylesheet', href: accountStyles }];
export const meta = () => [{ title: 'Testa inloggning | Väggen' }, { name: 'robots', content: 'noindex' }];

export default function TestAuthRoute() {
  return <TestAuth />;
}
