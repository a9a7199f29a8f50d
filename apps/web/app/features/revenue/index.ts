// The revenue feature's public API (issue 42): what routes compose (docs/architecture.md, web boundaries).
export { CheckoutReturn } from './components/CheckoutReturn';
export { GiftBuyPage } from './components/GiftBuyPage';
export { GiftLinksPage } from './components/GiftLinksPage';
export { GiftRedeemPage } from './components/GiftRedeemPage';
export { MySubscription } from './components/MySubscription';
export { SubscribePage } from './components/SubscribePage';
export { planPageProps } from './planPageProps';
