import { type Ad, MOBILE_BREAKPOINT_PX } from '@vaggen/contract';
import { lazy, useEffect, useState } from 'react';
import { AdSlot, type AtomAd, fetchAds } from '../../features/ads';
import type { ReaderAds } from '../../features/articles/components/SidebarSections';
import { chooseAtomAd, loadAtomModelAd } from '../../features/science';
import { island } from '../../lib/island';

// The reader pages' ads, composed: the ads feature's slot, with the science feature's atom-model ad
// (spec 000 §1, §9) as the slot's alternative. The model is a lazy chunk of its own with three.js.
const atom: AtomAd = { choose: chooseAtomAd, Model: lazy(loadAtomModelAd) };

/** A sidebar ad: an island of its own on a reader page (issue 46). */
export function ReaderAdSlot(props: { forceAtomChance?: number }) {
  return <AdSlot {...props} atom={atom} />;
}

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;
const MOBILE_ADS = 3;
/** The mobile list's ads: one request for all of them, once per page (each slot is an island). */
let mobileAds: Promise<Ad[]> | null = null;

/** One of the mobile list's interleaved ads (spec 000 §2): only on a phone-sized screen. */
export function MobileAdSlot({ index }: { index: number }) {
  const [ad, setAd] = useState<Ad | null>(null);
  useEffect(() => {
    if (!window.matchMedia?.(MOBILE_QUERY).matches) return;
    let cancelled = false;
    mobileAds ??= fetchAds('square', MOBILE_ADS);
    void mobileAds.then((list) => {
      if (!cancelled) setAd(list[index % Math.max(list.length, 1)] ?? null);
    });
    return () => {
      cancelled = true;
    };
  }, [index]);
  return <AdSlot ad={ad} atom={atom} />;
}

export const AdIsland = island('ad', ReaderAdSlot);
export const MobileAdIsland = island('mobile-ad', MobileAdSlot);

/** What the reader layout's sidebar and the article lists show as ads (islands, issue 46). */
export const readerAds: ReaderAds = { Slot: AdIsland, MobileSlot: MobileAdIsland };
