import { data } from 'react-router';
import styles from '../features/dsa/dsa.css?url';
import { ReplyFormIsland } from '../features/replies/components/ReplyForm';
import { pageMeta } from '../lib/meta';
import { articlePath } from '../lib/paths';
import type { Route } from './+types/genmale';

/** Issue 46: an island page — the form hydrates alone (decision 054). */
export const handle = { islands: true };
export const links = () => [{ rel: 'stylesheet', href: styles }];

/** Issue 43: `/genmale?artikel=<id>` — ask for a right of reply to an article. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = Number(new URL(request.url).searchParams.get('artikel'));
  const article = Number.isInteger(id) && id > 0 ? await context.reader.articleById(id) : null;
  if (!article)
    throw data('Välj artikeln du vill begära genmäle till: använd länken ”Begär genmäle” i artikeln.', { status: 404 });
  return { article: { id: article.id, title: article.title, url: articlePath(article) }, origin: context.origin };
}

export const meta = ({ data: d }: Route.MetaArgs) => [
  ...pageMeta({
    title: 'Begär genmäle',
    description: 'Begär att få bemöta en artikel på Väggen som handlar om dig.',
    url: `${d?.origin ?? ''}/genmale`,
  }),
  { name: 'robots', content: 'noindex' },
];

export default function ReplyRoute({ loaderData }: Route.ComponentProps) {
  return (
    <section className="dsa-page">
      <h1 className="page-title">Begär genmäle</h1>
      <p>
        Handlar en artikel om dig och vill du bemöta den? Enligt de pressetiska reglerna ska den som kritiseras få
        möjlighet att svara. Skriv ditt genmäle här; ansvarig utgivare prövar det och du får besked per e-post.
      </p>
      <ReplyFormIsland article={loaderData.article} />
    </section>
  );
}
