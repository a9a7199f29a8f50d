// The newsletter feature's public API: what other features may import (docs/architecture.md, web boundaries).
export { SubscribeForm } from './components/SubscribeForm';
