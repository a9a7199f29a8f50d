import {
  FALLBACK_HEADLINES,
  TICKER_LIMIT,
  TICKER_PX_PER_FRAME,
  TICKER_START_DELAY_MS,
  type TickerItem,
} from '@vaggen/contract';
import { useEffect, useRef, useState } from 'react';
import { fetchTicker } from '../api';

/** Frames a second that "0.5 px per frame" (spec 000 §9) is counted in: a common display's rate. */
const FRAMES_PER_SECOND = 60;

/**
 * Spec 000 §2/§9: loops horizontally at 0.5 px per frame, starts after 1 s, pauses on hover (and
 * on keyboard focus), items open in a new tab. Falls back to nine built-in headlines.
 * WCAG 2.2.2 (issue 20): a visible button stops and restarts it, and it stands still for readers
 * who ask for reduced motion until they start it.
 * It moves as a CSS animation on the compositor (decision 042): no frame loop on the page's main
 * thread. Hover, focus, the button and reduced motion pause it in CSS (app.css); this component
 * sets its duration from the width of the headlines and keeps the reader's choice.
 */
export function Ticker() {
  const [items, setItems] = useState<readonly TickerItem[]>(FALLBACK_HEADLINES);
  const trackRef = useRef<HTMLDivElement>(null);
  /** 'auto' until the reader chooses (CSS stops it then for reduced motion); their choice after. */
  const [motion, setMotion] = useState<'auto' | 'stopped' | 'playing'>('auto');
  const stopped = motion === 'stopped';

  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) setMotion('stopped');
  }, []);

  useEffect(() => {
    let cancelled = false;
    fetchTicker(TICKER_LIMIT).then((list) => {
      if (!cancelled && list.length > 0) setItems(list);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  // One loop moves one copy of the list (half the track): its length sets the loop's duration.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measure again when the items change
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const measure = () => {
      const half = track.scrollWidth / 2;
      if (half > 0)
        track.style.setProperty(
          '--ticker-seconds',
          `${(half / (TICKER_PX_PER_FRAME * FRAMES_PER_SECOND)).toFixed(2)}s`,
        );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    return () => observer.disconnect();
  }, [items]);

  return (
    <section className="ticker" aria-label="Senaste nytt från Sveriges Radio" data-motion={motion}>
      <span className="ticker-label">JUST NU</span>
      <button
        type="button"
        className="ticker-toggle"
        aria-pressed={stopped}
        aria-controls="ticker-viewport"
        onClick={() => setMotion(stopped ? 'playing' : 'stopped')}
      >
        <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span> {stopped ? 'Spela' : 'Pausa'}
      </button>
      <div className="ticker-viewport" id="ticker-viewport">
        <div
          className="ticker-track"
          ref={trackRef}
          data-testid="ticker-track"
          style={{ animationDelay: `${TICKER_START_DELAY_MS}ms` }}
        >
          {[0, 1].map((copy) => (
            <ul key={copy} className="ticker-list" aria-hidden={copy === 1 ? true : undefined}>
              {items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: headlines may repeat; position is their identity
                <li key={`${copy}-${i}`}>
                  <a
                    href={item.url || 'https://sverigesradio.se/ekot'}
                    target="_blank"
                    rel="noopener noreferrer"
                    title={item.description || undefined}
                    tabIndex={copy === 1 ? -1 : undefined}
                  >
                    {item.title}
                  </a>
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}
