import { GiftRedeemPage } from '../features/revenue';
import giftStyles from '../features/revenue/gift-subscriptions.css?url';
import type { Route } from './+types/prenumerera-gava';

export const links = () => [{ rel: 'stylesheet', href: giftStyles }];

/** A redeem link is a secret: its page is kept by no cache and sends no referrer onwards. */
export const headers = () => ({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });

export const meta = () => [
  { title: 'Du har fått en prenumeration | Väggen' },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

/** Issue 42: `/prenumerera/gava/:token` — a gift subscription's redeem link. */
export default function GiftRedeemRoute({ params }: Route.ComponentProps) {
  return <GiftRedeemPage token={params.token} />;
}
