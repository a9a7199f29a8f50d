import type { Ad } from '@vaggen/contract';
import { type ComponentType, Suspense, useEffect, useRef, useState } from 'react';
import { fetchAds } from '../api';

/**
 * The 3D atom-model ad (spec 000 §1, §9), offered by another feature (science) and passed in by
 * the page that composes the slot: `choose` decides once per slot whether it shows an atom (and
 * which), `Model` draws it (a lazy component: its own chunk with three.js, fetched only when shown).
 */
export interface AtomAd {
  choose: (forceChance?: number) => number | null;
  Model: ComponentType<{ atomicNumber: number }>;
}

function AdView({ ad }: { ad: Ad }) {
  return (
    <a className="ad-link" href={ad.link_url} target="_blank" rel="sponsored noopener noreferrer">
      <img
        src={ad.image_url}
        alt={`${ad.title} – ${ad.company}`}
        width={300}
        height={300}
        loading="lazy"
        decoding="async"
      />
    </a>
  );
}

/**
 * A square ad. Chosen at random when shown (spec 000 §4), so it is fetched in the browser and the
 * page itself stays cacheable. Pass `ad` to show a given one (the mobile home fetches a list once).
 * The box keeps its square size while loading, so nothing jumps.
 */
export function AdSlot({
  ad: given,
  label = 'Annons',
  forceAtomChance,
  atom: atomAd,
}: {
  ad?: Ad | null;
  label?: string;
  /** The atom-model ad this slot may show instead of an ad (none: never). */
  atom?: AtomAd;
  /** Replaces the 20 % ad-level atom-model chance (spec 000 §9: the second sidebar ad uses 50 %). */
  forceAtomChance?: number;
}) {
  const [ad, setAd] = useState<Ad | null>(given ?? null);
  const [atom, setAtom] = useState<number | null>(null);
  // Decided once, when the ad is first shown (spec 000 §4, §9).
  const atomChoice = useRef<number | null | undefined>(undefined);
  const pickAtom = () => {
    if (atomChoice.current === undefined) atomChoice.current = atomAd ? atomAd.choose(forceAtomChance) : null;
    return atomChoice.current;
  };
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: pickAtom only reads and fills a ref (one choice per slot)
  useEffect(() => {
    if (given !== undefined) {
      // A given slot is decided once its ad has arrived (hidden mobile slots on a desktop never get one).
      const z = given === null ? null : pickAtom();
      if (z !== null) setAtom(z);
      else setAd(given);
      return;
    }
    // Fetch only once the slot is (nearly) on screen: hidden slots (the desktop sidebar on a phone)
    // never ask, and ads below the fold wait until the reader gets there.
    const el = ref.current;
    if (!el) return;
    let cancelled = false;
    const load = () => {
      const z = pickAtom();
      if (z !== null) return Promise.resolve(setAtom(z));
      return fetchAds('square', 1).then((ads) => {
        if (!cancelled) setAd(ads[0] ?? null);
      });
    };
    if (typeof IntersectionObserver === 'undefined') {
      void load();
      return () => {
        cancelled = true;
      };
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          void load();
        }
      },
      { rootMargin: '400px' },
    );
    io.observe(el);
    return () => {
      cancelled = true;
      io.disconnect();
    };
  }, [given]);
  return (
    // Not a landmark: a page shows several ads, and landmarks need names of their own (axe
    // landmark-unique); the visible "Annons" label says what it is.
    <div className="ad-slot" ref={ref}>
      <span className="ad-label">{label}</span>
      <div className="ad-box">
        {atom !== null && atomAd ? (
          <Suspense fallback={null}>
            <atomAd.Model atomicNumber={atom} />
          </Suspense>
        ) : ad ? (
          <AdView ad={ad} />
        ) : null}
      </div>
    </div>
  );
}
