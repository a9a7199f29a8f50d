import { SUBSCRIBE_PATH } from '@vaggen/contract';
import { planPageProps, SubscribePage } from '../features/revenue';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/prenumerera';

/** Issue 42: `/prenumerera` — plans, prices including VAT, terms and ångerrätt. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const artikel = new URL(request.url).searchParams.get('artikel');
  const articleId = artikel && /^\d{1,9}$/.test(artikel) ? Number(artikel) : null;
  const kod = new URL(request.url).searchParams.get('kod');
  const offerCode = kod && /^[A-Za-z0-9_-]{1,40}$/.test(kod) ? kod : null;
  return { ...(await context.reader.plans()), articleId, offerCode, origin: context.origin };
}

export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    title: 'Prenumerera',
    description: 'Välj ett abonnemang på Väggen. Priserna är inklusive moms.',
    url: `${data?.origin ?? ''}${SUBSCRIBE_PATH}`,
  });

/** Issue 46: an island page — the plans and terms are the server's HTML, the checkout hydrates alone. */
export const handle = { islands: true };

export default function Subscribe({ loaderData }: Route.ComponentProps) {
  return (
    <SubscribePage {...planPageProps(loaderData)} articleId={loaderData.articleId} offerCode={loaderData.offerCode} />
  );
}
