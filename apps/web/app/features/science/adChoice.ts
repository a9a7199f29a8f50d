import { AD_ATOM_CHANCE, AD_ATOM_INNER_CHANCE, ELEMENT_COUNT } from '@vaggen/contract';

/**
 * Spec 000 §9 ad choice, made when the ad is shown: the atom model with 20 % at ad level, then a further
 * 90 % inside (18 % overall); `forceAtomChance` replaces the ad-level chance (the second sidebar ad: 50 %,
 * so 45 % overall). Returns a random element 1–118, or null for a third-party ad.
 */
export function chooseAtomAd(forceAtomChance?: number, random: () => number = Math.random): number | null {
  const adLevel = forceAtomChance ?? AD_ATOM_CHANCE;
  if (!(random() < adLevel) || !(random() < AD_ATOM_INNER_CHANCE)) return null;
  return 1 + Math.min(ELEMENT_COUNT - 1, Math.floor(random() * ELEMENT_COUNT));
}
