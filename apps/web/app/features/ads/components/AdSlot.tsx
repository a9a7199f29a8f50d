import type { Ad } from '@vaggen/contract';
import { useEffect, useRef, useState } from 'react';
import { fetchAds } from '../api';

function AdView({ ad }: { ad: Ad }) {
  return (
    <a className="ad-link" href={ad.link_url} target="_blank" rel="sponsored noopener noreferrer">
      <img src={ad.image_url} alt={`${ad.title} – ${ad.company}`} width={300} height={300} loading="lazy" />
    </a>
  );
}

/**
 * A square ad. Chosen at random when shown (spec 000 §4), so it is fetched in the browser and the
 * page itself stays cacheable. Pass `ad` to show a given one (the mobile home fetches a list once).
 * The box keeps its square size while loading, so nothing jumps.
 */
export function AdSlot({ ad: given, label = 'Annons' }: { ad?: Ad | null; label?: string }) {
  const [ad, setAd] = useState<Ad | null>(given ?? null);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (given !== undefined) {
      setAd(given);
      return;
    }
    // Fetch only once the slot is (nearly) on screen: hidden slots (the desktop sidebar on a phone)
    // never ask, and ads below the fold wait until the reader gets there.
    const el = ref.current;
    if (!el) return;
    let cancelled = false;
    const load = () =>
      fetchAds('square', 1).then((ads) => {
        if (!cancelled) setAd(ads[0] ?? null);
      });
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
    <aside className="ad-slot" aria-label={label} ref={ref}>
      <span className="ad-label">{label}</span>
      <div className="ad-box">{ad ? <AdView ad={ad} /> : null}</div>
    </aside>
  );
}
