import type { Ad } from '@vaggen/contract';
import { lazy } from 'react';
import { AdSlot, type AtomAd, fetchAds } from '../../features/ads';
import type { ReaderAds } from '../../features/articles/components/SidebarSections';
import { chooseAtomAd, loadAtomModelAd } from '../../features/science';

// The reader pages' ads, composed: the ads feature's slot, with the science feature's atom-model ad
// (spec 000 §1, §9) as the slot's alternative. The model is a lazy chunk of its own with three.js.
const atom: AtomAd = { choose: chooseAtomAd, Model: lazy(loadAtomModelAd) };

function ReaderAdSlot(props: { ad?: Ad | null; forceAtomChance?: number }) {
  return <AdSlot {...props} atom={atom} />;
}

/** What the reader layout's sidebar and the article lists show as ads. */
export const readerAds: ReaderAds = { Slot: ReaderAdSlot, fetch: (count) => fetchAds('square', count) };
