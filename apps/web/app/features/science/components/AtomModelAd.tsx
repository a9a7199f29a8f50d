// The atom-model ad of spec 000 §1 / §9: a turning 3D model of a random element that links to its page.
// Loaded with React.lazy by AdSlot only when an atom ad is chosen. Issue 20: it first shows a static
// picture of the same Bohr model (the BohrDiagram SVG, no three.js); the 3D model (three.js, ~250 KB gzipped)
// loads only once the ad is in view, the page's first seconds are over and the browser is idle, or when
// the reader points at or focuses it. Inline styles: the science stylesheet is not loaded on reader pages.
import { ELEMENT_SYMBOLS, type Element } from '@vaggen/contract';
import { useEffect, useRef, useState } from 'react';
import { fetchPeriodicTable } from '../api';
import { CATEGORY_COLORS } from '../colors';
import { AtomView } from './AtomView';
import { BohrDiagram } from './BohrDiagram';

/**
 * Not in a page's first seconds (measured from the document's start): drawn in software, on a
 * device without a GPU, the turning model leaves the page no time for anything else — timers stop
 * running — so the page's own deferred work goes first (the comments start 3 s after hydration at
 * the latest, `comments/lazy.tsx`). Pointing at the ad or focusing it starts the model at once.
 */
const NOT_BEFORE_MS = 7_000;

/** True once `ref` is at least half in view and the browser has been idle, or on `wake()`. */
function useStartWhenSeenAndIdle(ref: React.RefObject<HTMLElement | null>) {
  const [go, setGo] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || go) return;
    if (typeof IntersectionObserver === 'undefined') return;
    let idle = 0;
    let wait = 0;
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        const start = () => setGo(true);
        const whenIdle = () => {
          if (typeof window.requestIdleCallback === 'function')
            idle = window.requestIdleCallback(start, { timeout: 4000 });
          else idle = setTimeout(start, 2000) as unknown as number;
        };
        const early = NOT_BEFORE_MS - performance.now();
        if (early > 0) wait = window.setTimeout(whenIdle, early);
        else whenIdle();
      },
      { threshold: 0.5 },
    );
    io.observe(el);
    return () => {
      io.disconnect();
      window.clearTimeout(wait);
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      clearTimeout(idle);
    };
  }, [ref, go]);
  return { go, wake: () => setGo(true) };
}

const box: React.CSSProperties = {
  position: 'relative',
  display: 'block',
  width: '100%',
  height: '100%',
  overflow: 'hidden',
  borderRadius: 6,
  color: '#111',
  textDecoration: 'none',
  background: 'radial-gradient(circle at 50% 42%, #ffffff 0%, #edf1f7 62%, #dde4ee 100%)',
};
const caption: React.CSSProperties = {
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: 0,
  padding: '22px 12px 10px',
  textAlign: 'left',
  background: 'linear-gradient(rgba(255,255,255,0), rgba(255,255,255,0.94) 40%)',
  lineHeight: 1.3,
};
const tile: React.CSSProperties = {
  position: 'absolute',
  top: 10,
  left: 10,
  minWidth: 46,
  padding: '4px 6px',
  borderRadius: 5,
  border: '1px solid rgba(0,0,0,0.15)',
  textAlign: 'center',
  fontWeight: 700,
  lineHeight: 1.1,
};

export default function AtomModelAd({ atomicNumber }: { atomicNumber: number }) {
  const [element, setElement] = useState<Element | null>(null);
  useEffect(() => {
    let cancelled = false;
    fetchPeriodicTable()
      .then((d) => !cancelled && setElement(d.elements[atomicNumber - 1] ?? null))
      .catch((err) => console.error('atom ad: periodic table load failed', err));
    return () => {
      cancelled = true;
    };
  }, [atomicNumber]);
  const ref = useRef<HTMLAnchorElement>(null);
  const { go, wake } = useStartWhenSeenAndIdle(ref);
  const symbol = element?.symbol ?? ELEMENT_SYMBOLS[atomicNumber - 1] ?? '';
  const name = element?.name ?? symbol;
  return (
    // A plain link (a page load): the ad sits on reader pages, islands without a router (issue 46)
    <a
      href={`/periodic-table/${atomicNumber}`}
      style={box}
      className="atom-ad"
      data-atomic-number={atomicNumber}
      ref={ref}
      onPointerEnter={wake}
      onFocus={wake}
    >
      {element && (
        <div style={{ position: 'absolute', inset: 0 }} aria-hidden="true">
          {go ? (
            <AtomView
              symbol={element.symbol}
              atomicNumber={element.atomic_number}
              massNumber={Math.round(element.atomic_weight)}
              shells={element.electron_shells}
              electronConfiguration={element.electron_configuration}
              mode="bohr"
              interactive={false}
            />
          ) : (
            <div data-testid="atom-static" style={{ display: 'grid', placeItems: 'center', height: '100%' }}>
              <BohrDiagram
                symbol={element.symbol}
                protons={element.atomic_number}
                neutrons={Math.round(element.atomic_weight) - element.atomic_number}
                shells={element.electron_shells}
                size={220}
              />
            </div>
          )}
        </div>
      )}
      <span style={{ ...tile, background: element ? CATEGORY_COLORS[element.category] : '#fff' }} aria-hidden="true">
        <span style={{ display: 'block', fontSize: 10, fontWeight: 400 }}>{atomicNumber}</span>
        <span style={{ fontSize: 22 }}>{symbol}</span>
      </span>
      <span style={caption}>
        {/* The link is named by its visible text (WCAG 2.5.3), the symbol added for screen readers. */}
        <strong style={{ display: 'block', fontSize: 16 }}>
          {name}
          <span className="visually-hidden"> ({symbol})</span>
        </strong>
        <span style={{ fontSize: 13, color: '#444' }}>Utforska atomen i periodiska systemet →</span>
      </span>
    </a>
  );
}
