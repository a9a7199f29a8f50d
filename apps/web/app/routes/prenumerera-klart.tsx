import { CheckoutReturn } from '../features/revenue';
import { pageMeta } from '../lib/meta';

/** Issue 42: where Stripe Checkout sends the reader back after paying. */
export const meta = () => [
  ...pageMeta({ title: 'Tack för din prenumeration', description: '', url: '' }),
  { name: 'robots', content: 'noindex' },
];

export default function CheckoutReturnRoute() {
  return <CheckoutReturn />;
}
