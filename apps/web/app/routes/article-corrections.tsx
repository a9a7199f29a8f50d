import { useParams } from 'react-router';
import { RequireRole } from '../components/RequireRole';
import { CorrectionsPage } from '../features/newsroom/components/CorrectionsPage';
import newsroomStyles from '../features/newsroom/newsroom.css?url';

export const links = () => [{ rel: 'stylesheet', href: newsroomStyles }];
export const meta = () => [{ title: 'Rättelser | Väggen' }, { name: 'robots', content: 'noindex' }];

/** `/admin/articles/{id}/rattelser`: an article's corrections in the newsroom (issue 43). */
export default function ArticleCorrectionsRoute() {
  const { id } = useParams();
  return <RequireRole need="writer">{() => <CorrectionsPage key={id} id={Number(id)} />}</RequireRole>;
}
