import { newsletterApi } from '../features/newsletter/api';
import { TokenActionPage } from '../features/newsletter/components/TokenActionPage';

export const meta = () => [{ title: 'Avsluta prenumeration | Väggen' }, { name: 'robots', content: 'noindex' }];

/** The unsubscribe link of every newsletter and notification mail (issue 21): no login needed. */
export default function Unsubscribe() {
  return <TokenActionPage title="Avsluta prenumeration" working="Avslutar..." run={newsletterApi.unsubscribe} />;
}
