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
  const viewportRef = useRef<HTMLDivElement>(null);
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

  /**
   * WCAG 2.4.11: a headline that gets the keyboard's focus is shown whole. Focus pauses the ticker
   * where it is, which may be with that headline half under "JUST NU" — where the browser cannot
   * scroll it out (the track is moved by a transform, not by scrolling). The paused animation is
   * set back or forward just far enough instead.
   */
  useEffect(() => {
    function showFocused(e: FocusEvent) {
      const viewport = viewportRef.current;
      const track = trackRef.current;
      const link = e.target;
      const animation = track?.getAnimations?.()[0];
      if (!viewport || !track || !animation || animation.currentTime === null || !(link instanceof HTMLElement)) return;
      const duration = Number(animation.effect?.getComputedTiming().duration);
      const half = track.scrollWidth / 2;
      if (!(duration > 0) || !(half > 0)) return;
      viewport.scrollLeft = 0; // the browser's own attempt to show it, on the wrong axis of movement
      const v = viewport.getBoundingClientRect();
      const l = link.getBoundingClientRect();
      const margin = 8;
      let right = 0; // how far the track must move to the right (negative: to the left)
      if (l.left < v.left + margin) right = v.left + margin - l.left;
      else if (l.right > v.right - margin) right = -Math.min(l.right - v.right + margin, l.left - v.left - margin);
      if (right === 0) return;
      // Within the current loop (the track's position repeats every loop; before the start it is 0).
      const now = Number(animation.currentTime);
      const into = Math.max(0, now - TICKER_START_DELAY_MS) % duration;
      const loopStart = now < TICKER_START_DELAY_MS ? TICKER_START_DELAY_MS : now - into;
      animation.currentTime = loopStart + Math.min(Math.max(0, into - right / (half / duration)), duration - 1);
    }
    const viewport = viewportRef.current;
    viewport?.addEventListener('focusin', showFocused);
    return () => viewport?.removeEventListener('focusin', showFocused);
  }, []);

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
      <div className="ticker-viewport" id="ticker-viewport" ref={viewportRef}>
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
