import { FRONT_TEXT, parseFront } from '@vaggen/contract';
import { useParams } from 'react-router';
import { RequireRole } from '../components/RequireRole';
import accountStyles from '../features/auth/account.css?url';
import { FrontBoardPage } from '../features/fronts/components/FrontBoardPage';
import frontsStyles from '../features/fronts/fronts.css?url';
import newsroomStyles from '../features/newsroom/newsroom.css?url';

export const links = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: newsroomStyles },
  { rel: 'stylesheet', href: frontsStyles },
];
export const meta = () => [{ title: 'Förstasidan | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Issue 41: one front's board (admin); drag and drop only in this route's chunk. */
export default function AdminFrontBoard() {
  const key = parseFront(useParams().front);
  return (
    <RequireRole need="admin">
      {() =>
        key ? (
          <FrontBoardPage key={key} front={key} />
        ) : (
          <p className="form-error" role="alert">
            {FRONT_TEXT.notFound}
          </p>
        )
      }
    </RequireRole>
  );
}
