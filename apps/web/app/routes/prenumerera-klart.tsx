import { CheckoutReturn } from '../features/revenue';

/** Issue 42: where Stripe Checkout sends the reader back after paying. */
export const meta = () => [{ title: 'Tack för din prenumeration | Väggen' }, { name: 'robots', content: 'noindex' }];

export default function CheckoutReturnRoute() {
  return <CheckoutReturn />;
}
