import { RequireRole } from '../components/RequireRole';
import accountStyles from '../features/auth/account.css?url';
import { ReviewQueuePage } from '../features/newsroom/components/ReviewQueuePage';
import newsroomStyles from '../features/newsroom/newsroom.css?url';
import reviewStyles from '../features/newsroom/review.css?url';

export const links = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: newsroomStyles },
  { rel: 'stylesheet', href: reviewStyles },
];
export const meta = () => [{ title: 'Granskning | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Issue 41: the review queue (admin). */
export default function AdminReview() {
  return <RequireRole need="admin">{() => <ReviewQueuePage />}</RequireRole>;
}
