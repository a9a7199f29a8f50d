import { useSearchParams } from 'react-router';
import { RequireRole } from '../components/RequireRole';
import { GiftLinksPage } from '../features/revenue';
import giftStyles from '../features/revenue/gift-links.css?url';

export const links = () => [{ rel: 'stylesheet', href: giftStyles }];

/** Issue 42: a subscriber's gift links — make one for `?artikel=<id>`, see and revoke the rest. */
export const meta = () => [{ title: 'Dela artiklar | Väggen' }, { name: 'robots', content: 'noindex' }];

export default function GiftLinksRoute() {
  const [params] = useSearchParams();
  const artikel = params.get('artikel');
  const articleId = artikel && /^\d{1,9}$/.test(artikel) ? Number(artikel) : null;
  return <RequireRole need="user">{() => <GiftLinksPage articleId={articleId} />}</RequireRole>;
}
