import {
  FALLBACK_HEADLINES,
  TICKER_LIMIT,
  TICKER_PX_PER_FRAME,
  TICKER_START_DELAY_MS,
  type TickerItem,
} from '@vaggen/contract';
import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { fetchTicker } from '../api';

/**
 * Spec 000 §2/§9: loops horizontally at 0.5 px per frame, starts after 1 s, pauses on hover (and
 * on keyboard focus), items open in a new tab. Falls back to nine built-in headlines.
 * WCAG 2.2.2 (issue 20): a visible button stops and restarts it, and it stands still for readers
 * who ask for reduced motion until they start it.
 */
export function Ticker() {
  const [items, setItems] = useState<readonly TickerItem[]>(FALLBACK_HEADLINES);
  const trackRef = useRef<HTMLDivElement>(null);
  /** Paused while the pointer is over it, and while keyboard focus is on one of its headlines. */
  const hovered = useRef(false);
  const focused = useRef(false);
  /** Stopped by the reader (the button) or by their reduced-motion setting. */
  const [stopped, setStopped] = useState(false);
  const stoppedRef = useRef(false);
  stoppedRef.current = stopped;

  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) setStopped(true);
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart the loop when the items change
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let offset = 0;
    let frame = 0;
    const step = () => {
      if (!hovered.current && !focused.current && !stoppedRef.current && !document.hidden) {
        const half = track.scrollWidth / 2; // the list is rendered twice for a seamless loop
        offset += TICKER_PX_PER_FRAME;
        if (half > 0 && offset >= half) offset -= half;
        track.style.transform = `translateX(${-offset}px)`;
        track.dataset.offset = offset.toFixed(1);
      }
      frame = requestAnimationFrame(step);
    };
    const start = window.setTimeout(() => {
      frame = requestAnimationFrame(step);
    }, TICKER_START_DELAY_MS);
    return () => {
      clearTimeout(start);
      cancelAnimationFrame(frame);
    };
  }, [items]);

  // Focus on the play/pause button itself does not pause: a keyboard reader who presses "Spela"
  // must see it move while the button keeps focus.
  const onFocus = (e: FocusEvent) => {
    focused.current = e.target instanceof HTMLAnchorElement;
  };
  const onBlur = () => {
    focused.current = false;
  };

  return (
    <section
      className="ticker"
      aria-label="Senaste nytt från Sveriges Radio"
      onMouseEnter={() => {
        hovered.current = true;
      }}
      onMouseLeave={() => {
        hovered.current = false;
      }}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <span className="ticker-label">JUST NU</span>
      <button
        type="button"
        className="ticker-toggle"
        aria-pressed={stopped}
        aria-controls="ticker-viewport"
        onClick={() => setStopped((s) => !s)}
      >
        <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span> {stopped ? 'Spela' : 'Pausa'}
      </button>
      <div className="ticker-viewport" id="ticker-viewport">
        <div className="ticker-track" ref={trackRef} data-testid="ticker-track">
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
