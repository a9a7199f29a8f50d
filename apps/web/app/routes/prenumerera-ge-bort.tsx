import { GIFT_BUY_PATH } from '@vaggen/contract';
import { GiftBuyPage, planPageProps } from '../features/revenue';
import giftStyles from '../features/revenue/gift-subscriptions.css?url';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/prenumerera-ge-bort';

export const links = () => [{ rel: 'stylesheet', href: giftStyles }];

/** Issue 42: `/prenumerera/ge-bort` — buy a gift subscription; the gifts this reader bought. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const paid = new URL(request.url).searchParams.get('klart') === '1';
  return { ...(await context.reader.plans()), paid, origin: context.origin };
}

export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    title: 'Ge bort en prenumeration',
    description: 'Köp en presentprenumeration på Väggen till någon du tycker om. En betalning, förnyas inte.',
    url: `${data?.origin ?? ''}${GIFT_BUY_PATH}`,
  });

export default function GiftBuyRoute({ loaderData }: Route.ComponentProps) {
  return <GiftBuyPage {...planPageProps(loaderData)} paid={loaderData.paid} />;
}
