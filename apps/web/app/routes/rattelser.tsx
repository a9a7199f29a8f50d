import { CORRECTIONS_FEED_PATH, CORRECTIONS_MSG, CORRECTIONS_PAGE } from '@vaggen/contract';
import { data } from 'react-router';
import { CorrectionsList } from '../features/articles/components/CorrectionsList';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/rattelser';

/** Issue 43: every correction, newest first, by cursor (`?fran=<id>`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cursor = new URL(request.url).searchParams.get('fran');
  const page = await context.reader.corrections(cursor, CORRECTIONS_PAGE);
  if (!page) throw data('Ogiltig sida i listan över rättelser.', { status: 404 });
  return {
    items: page.items,
    nextHref: page.next_cursor ? `/rattelser?fran=${page.next_cursor}` : null,
    first: cursor === null,
    origin: context.origin,
  };
}

export const meta = ({ data: d }: Route.MetaArgs) => [
  ...pageMeta({
    title: CORRECTIONS_MSG.pageTitle,
    description: CORRECTIONS_MSG.pageIntro,
    url: `${d?.origin ?? ''}/rattelser`,
  }),
  {
    tagName: 'link',
    rel: 'alternate',
    type: 'application/rss+xml',
    title: 'Väggen – Rättelser',
    href: CORRECTIONS_FEED_PATH,
  },
  ...(d && !d.first ? [{ name: 'robots', content: 'noindex, follow' }] : []),
];

export default function CorrectionsRoute({ loaderData }: Route.ComponentProps) {
  return <CorrectionsList items={loaderData.items} nextHref={loaderData.nextHref} />;
}
