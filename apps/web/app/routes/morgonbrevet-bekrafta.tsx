import { newsletterApi } from '../features/newsletter/api';
import { TokenActionPage } from '../features/newsletter/components/TokenActionPage';

export const meta = () => [{ title: 'Bekräfta Morgonbrevet | Väggen' }, { name: 'robots', content: 'noindex' }];

/** The link in the confirmation mail (issue 21): confirms from the browser, once. */
export default function ConfirmNewsletter() {
  return <TokenActionPage title="Morgonbrevet" working="Bekräftar din prenumeration..." run={newsletterApi.confirm} />;
}
