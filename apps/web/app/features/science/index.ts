// The science feature's public API: what other features may import (docs/architecture.md, web boundaries).
export { chooseAtomAd } from './adChoice';

/** The atom-model ad, loaded on demand so three.js never weighs on pages that show a normal ad. */
export const loadAtomModelAd = () => import('./components/AtomModelAd');
