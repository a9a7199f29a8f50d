import { isAdmin, LIVE_TEXT } from '@vaggen/contract';
import { useParams } from 'react-router';
import { RequireRole } from '../components/RequireRole';
import { LiveDeskPage } from '../features/live/components/LiveDeskPage';
import deskStyles from '../features/live/desk.css?url';

export const links = () => [{ rel: 'stylesheet', href: deskStyles }];
export const meta = () => [{ title: `${LIVE_TEXT.desk} | Väggen` }, { name: 'robots', content: 'noindex' }];

/** `/admin/direkt/{id}` (issue 44): a live report's desk for its writers and admins. */
export default function LiveDeskRoute() {
  const { id } = useParams();
  return (
    <RequireRole need="writer">
      {(user) => <LiveDeskPage key={id} articleId={Number(id)} admin={isAdmin(user)} />}
    </RequireRole>
  );
}
