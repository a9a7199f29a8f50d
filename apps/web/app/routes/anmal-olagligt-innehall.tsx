import { DSA_URL_MAX } from '@vaggen/contract';
import { NoticeFormIsland } from '../features/dsa/components/NoticeForm';
import styles from '../features/dsa/dsa.css?url';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/anmal-olagligt-innehall';

/** Issue 46: an island page — the form hydrates alone (decision 054). */
export const handle = { islands: true };
export const links = () => [{ rel: 'stylesheet', href: styles }];

/** Issue 43: `/anmal-olagligt-innehall?url=…` — a notice of illegal content (DSA Art. 16). */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = (new URL(request.url).searchParams.get('url') ?? '').slice(0, DSA_URL_MAX);
  return { url, origin: context.origin };
}

export const meta = ({ data }: Route.MetaArgs) => [
  ...pageMeta({
    title: 'Anmäl olagligt innehåll',
    description: 'Anmäl en kommentar eller annat innehåll på Väggen som du anser är olagligt.',
    url: `${data?.origin ?? ''}/anmal-olagligt-innehall`,
  }),
  { name: 'robots', content: 'noindex' },
];

export default function IllegalContentNotice({ loaderData }: Route.ComponentProps) {
  return (
    <section className="dsa-page">
      <h1 className="page-title">Anmäl olagligt innehåll</h1>
      <p>
        Här anmäler du innehåll som du anser är olagligt enligt svensk lag, till exempel hot, hets mot folkgrupp eller
        förtal. Anmälan prövas av en moderator enligt EU:s förordning om digitala tjänster (DSA). För en kommentar som
        bara är otrevlig eller bryter mot våra regler använder du i stället knappen ”Anmäl” vid kommentaren.
      </p>
      <NoticeFormIsland initialUrl={loaderData.url} />
    </section>
  );
}
