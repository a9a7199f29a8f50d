// The revenue feature's public API (issue 42): what routes compose (docs/architecture.md, web boundaries).
export { CheckoutReturn } from './components/CheckoutReturn';
export { GiftLinksPage } from './components/GiftLinksPage';
export { MySubscription } from './components/MySubscription';
export { SubscribePage } from './components/SubscribePage';
