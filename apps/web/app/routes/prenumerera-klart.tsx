import { CheckoutReturn } from '../features/revenue';

/** Issue 42: where Stripe Checkout sends the reader back after paying. */
export const meta = () => [{ title: 'Tack för din prenumeration | Väggen' }, { name: 'robots', content: 'noindex' }];

/** Not an island page: the return from the checkout is the full app's (issue 46). */
export const handle = { islands: false };

export default function CheckoutReturnRoute() {
  return <CheckoutReturn />;
}
