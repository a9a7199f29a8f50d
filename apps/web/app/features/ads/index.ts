// The ads feature's public API: what other features may import (docs/architecture.md, web boundaries).
export { fetchAds } from './api';
export { AdSlot, type AtomAd } from './components/AdSlot';
