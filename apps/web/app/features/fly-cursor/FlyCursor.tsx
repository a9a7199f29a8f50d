import { useEffect, useRef } from 'react';

const SIZE = 30;
/** The fly sits just below and to the right of the pointer, so the real pointer stays visible. */
const OFFSET = 16;

const CSS = `
.fly-cursor {
  position: fixed;
  left: 0;
  top: 0;
  width: ${SIZE}px;
  height: ${SIZE}px;
  margin: ${-SIZE / 2}px 0 0 ${-SIZE / 2}px;
  pointer-events: none;
  user-select: none;
  z-index: 2147483000;
  opacity: 0;
  transition: opacity 0.2s;
  will-change: transform;
}
.fly-cursor svg {
  display: block;
  overflow: visible;
  filter: drop-shadow(0 2px 2px rgb(0 0 0 / 0.25));
}
.fly-wing {
  transform-box: fill-box;
  animation: fly-flap 0.07s ease-in-out infinite alternate;
}
.fly-wing-left {
  transform-origin: 100% 85%;
}
.fly-wing-right {
  transform-origin: 0% 85%;
}
@keyframes fly-flap {
  from { transform: scaleX(1); }
  to { transform: scaleX(0.35); }
}
@media (prefers-reduced-motion: reduce) {
  .fly-cursor { transition: none; }
  .fly-wing { animation: none; }
}
`;

const turn = (from: number, to: number, k: number) => {
  const d = ((((to - from) % 360) + 540) % 360) - 180;
  return from + d * k;
};

/**
 * A decorative fly that follows the mouse. It takes no pointer events (clicks and text selection go
 * to the page underneath), is hidden from assistive technology, and with prefers-reduced-motion it
 * simply sits by the pointer: no trailing, turning or wing beats.
 */
export default function FlyCursor() {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)');
    let tx = 0;
    let ty = 0;
    let x = 0;
    let y = 0;
    let angle = 0;
    let visible = false;
    let raf = 0;

    const place = () => {
      node.style.transform = `translate3d(${x.toFixed(1)}px, ${y.toFixed(1)}px, 0) rotate(${angle.toFixed(1)}deg)`;
    };
    const tick = (now: number) => {
      raf = 0;
      if (reduce.matches) {
        x = tx;
        y = ty;
        angle = 0;
        place();
        return;
      }
      const dx = tx - x;
      const dy = ty - y;
      const dist = Math.hypot(dx, dy);
      x += dx * 0.2;
      y += dy * 0.2;
      if (dist > 2) angle = turn(angle, (Math.atan2(dy, dx) * 180) / Math.PI + 90, 0.3);
      // A little buzz while it flies.
      const wobble = Math.min(dist, 12) * 0.15;
      x += Math.sin(now / 45) * wobble;
      y += Math.cos(now / 60) * wobble;
      place();
      if (dist > 0.5) raf = requestAnimationFrame(tick);
    };
    const show = (on: boolean) => {
      visible = on;
      node.style.opacity = on ? '1' : '0';
    };
    const onMove = (e: PointerEvent) => {
      if (e.pointerType === 'touch') {
        show(false);
        return;
      }
      tx = e.clientX + OFFSET;
      ty = e.clientY + OFFSET;
      if (!visible) {
        x = tx;
        y = ty;
        place();
        show(true);
      }
      if (!raf) raf = requestAnimationFrame(tick);
    };
    const onOut = (e: MouseEvent) => {
      if (!e.relatedTarget) show(false); // the pointer left the window
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    document.addEventListener('mouseout', onOut);
    return () => {
      window.removeEventListener('pointermove', onMove);
      document.removeEventListener('mouseout', onOut);
      if (raf) cancelAnimationFrame(raf);
    };
  }, []);

  return (
    <div ref={ref} className="fly-cursor" aria-hidden="true" data-fly-cursor="">
      <style>{CSS}</style>
      <svg viewBox="0 0 30 30" width={SIZE} height={SIZE} focusable="false">
        <title>Fluga</title>
        <g fill="rgb(190 210 230 / 0.75)" stroke="#5b6b7b" strokeWidth="0.6">
          <g transform="rotate(-25 9.5 13)">
            <ellipse className="fly-wing fly-wing-left" cx="9.5" cy="13" rx="5.5" ry="8" />
          </g>
          <g transform="rotate(25 20.5 13)">
            <ellipse className="fly-wing fly-wing-right" cx="20.5" cy="13" rx="5.5" ry="8" />
          </g>
        </g>
        <g stroke="#1b1b1b" strokeWidth="1" strokeLinecap="round">
          <path d="M12 15l-5 -2M12 18l-5.5 1.5M13 21l-4 4M18 15l5 -2M18 18l5.5 1.5M17 21l4 4" fill="none" />
        </g>
        <ellipse cx="15" cy="19" rx="4.2" ry="6.5" fill="#22262a" />
        <ellipse cx="15" cy="11.5" rx="3.6" ry="3" fill="#2d3236" />
        <circle cx="12.6" cy="9.6" r="2.1" fill="#8b1a1a" />
        <circle cx="17.4" cy="9.6" r="2.1" fill="#8b1a1a" />
        <path d="M12.5 19h5M12.8 22h4.4" stroke="#3d4348" strokeWidth="0.8" />
      </svg>
    </div>
  );
}
