import type { CelestialBody } from '@vaggen/contract';
import { useEffect, useMemo, useRef } from 'react';
import { drawPoster, type Poster } from '../lib/poster';

/** Paints the picture into a 2D canvas that fills its box: the height fits, the sides are cropped. */
function paint(canvas: HTMLCanvasElement, poster: Poster) {
  const box = canvas.getBoundingClientRect();
  const dpr = Math.min(window.devicePixelRatio || 1, 2);
  const width = Math.max(1, Math.round(box.width * dpr));
  const height = Math.max(1, Math.round(box.height * dpr));
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#03040b';
  ctx.fillRect(0, 0, width, height);
  // Picture units (half-heights, the Sun's direction at 0,0) → device pixels.
  const unit = height / 2;
  ctx.setTransform(unit, 0, 0, unit, width / 2, height / 2);
  const pixel = 1 / unit;

  ctx.fillStyle = '#fff';
  for (const s of poster.stars) {
    ctx.globalAlpha = s.o;
    ctx.beginPath();
    ctx.arc(s.x, s.y, Math.max(s.r, 0.6 * pixel * dpr), 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.globalAlpha = 1;

  ctx.lineWidth = pixel * dpr;
  ctx.strokeStyle = 'rgb(75 93 134 / 0.45)';
  for (const d of poster.orbits) ctx.stroke(new Path2D(d));

  for (const b of poster.bodies) {
    if (b.star) {
      const glow = ctx.createRadialGradient(b.x, b.y, b.r * 0.74, b.x, b.y, b.r * 1.35);
      glow.addColorStop(0, 'rgb(255 179 71 / 0.55)');
      glow.addColorStop(1, 'rgb(255 179 71 / 0)');
      ctx.fillStyle = glow;
      ctx.beginPath();
      ctx.arc(b.x, b.y, b.r * 1.35, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.fillStyle = b.color;
    ctx.beginPath();
    ctx.arc(b.x, b.y, b.r, 0, Math.PI * 2);
    ctx.fill();
    if (!b.star) {
      // Lit from the Sun's side, as the point light at the Sun lights the 3D bodies.
      const fx = b.x + b.lightX * b.r * 0.6;
      const fy = b.y + b.lightY * b.r * 0.6;
      const shade = ctx.createRadialGradient(fx, fy, 0, fx, fy, b.r * 1.5);
      shade.addColorStop(0, 'rgb(255 255 255 / 0.18)');
      shade.addColorStop(0.55, 'rgb(0 0 0 / 0.15)');
      shade.addColorStop(1, 'rgb(0 0 0 / 0.7)');
      ctx.fillStyle = shade;
      ctx.fill();
    }
    if (b.ring) {
      ctx.globalAlpha = 0.55;
      ctx.fillStyle = b.color;
      ctx.fill(new Path2D(b.ring), 'evenodd');
      ctx.globalAlpha = 1;
    }
    if (b.moonOrbits) {
      ctx.strokeStyle = 'rgb(111 127 163 / 0.3)';
      ctx.stroke(new Path2D(b.moonOrbits));
    }
    ctx.fillStyle = '#b9b4ac';
    for (const m of b.moons) {
      ctx.beginPath();
      ctx.arc(m.x, m.y, Math.max(m.r, 0.5 * pixel * dpr), 0, Math.PI * 2);
      ctx.fill();
    }
  }
}

/**
 * The overview as a still picture (decision 041): the same layout through the same camera as the
 * 3D view, painted on a 2D canvas (one element, a few milliseconds), so the page shows the solar
 * system without loading three.js. The 3D view replaces it when the reader reaches for the scene.
 */
export function ScenePoster({ bodies }: { bodies: CelestialBody[] }) {
  const poster = useMemo(() => drawPoster(bodies), [bodies]);
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    paint(canvas, poster);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => paint(canvas, poster));
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [poster]);
  return (
    <canvas
      ref={ref}
      className="solar-poster"
      data-testid="scene-poster"
      data-bodies={poster.bodies.map((b) => b.slug).join(' ')}
      // A picture to assistive technology, as the 3D view's canvas is (the table lists the bodies).
      role="img"
      aria-label="Solsystemet sett snett ovanifrån, stillbild"
    />
  );
}
