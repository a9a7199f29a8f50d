import { focalPosition } from '@vaggen/contract';
import { useId } from 'react';
import { parseFocal } from '../hooks/useArticleFields';

/**
 * Issue 41: where crops of the featured picture keep their centre. Click the picture to place the
 * point, or move it with the two sliders (keyboard); the three crops the pages use are shown beside.
 */
export function FocalPointField({
  image,
  value,
  onChange,
}: {
  image: string;
  /** "x,y" (0..1 each), or empty: the middle. */
  value: string;
  onChange(v: string): void;
}) {
  const ids = useId();
  const focal = parseFocal(value) ?? { x: 0.5, y: 0.5 };
  const set = (x: number, y: number) =>
    onChange(
      `${Math.round(Math.min(1, Math.max(0, x)) * 100) / 100},${Math.round(Math.min(1, Math.max(0, y)) * 100) / 100}`,
    );
  const pct = (v: number) => Math.round(v * 100);
  return (
    <fieldset className="focal-field">
      <legend>Bildens fokuspunkt</legend>
      <p className="muted">
        Klicka där bildens viktigaste del är. Beskärningarna på förstasidan och i listorna utgår från den.
      </p>
      <div className="focal-layout">
        <button
          type="button"
          className="focal-picture"
          aria-label="Placera fokuspunkten (klicka i bilden)"
          onClick={(e) => {
            const r = e.currentTarget.getBoundingClientRect();
            if (r.width > 0 && r.height > 0) set((e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height);
          }}
        >
          <img src={image} alt="" />
          <span
            className="focal-dot"
            style={{ left: `${pct(focal.x)}%`, top: `${pct(focal.y)}%` }}
            aria-hidden="true"
          />
        </button>
        <div className="focal-crops" aria-hidden="true">
          {(['3 / 2', '16 / 9', '1 / 1'] as const).map((ratio) => (
            <figure key={ratio}>
              <img src={image} alt="" style={{ aspectRatio: ratio, objectPosition: focalPosition(focal) }} />
              <figcaption>{ratio.replace(/ /g, '')}</figcaption>
            </figure>
          ))}
        </div>
      </div>
      <div className="focal-sliders">
        <label htmlFor={`${ids}-x`}>Från vänster: {pct(focal.x)} %</label>
        <input
          id={`${ids}-x`}
          type="range"
          min={0}
          max={100}
          value={pct(focal.x)}
          onChange={(e) => set(Number(e.target.value) / 100, focal.y)}
        />
        <label htmlFor={`${ids}-y`}>Uppifrån: {pct(focal.y)} %</label>
        <input
          id={`${ids}-y`}
          type="range"
          min={0}
          max={100}
          value={pct(focal.y)}
          onChange={(e) => set(focal.x, Number(e.target.value) / 100)}
        />
        {value && (
          <button type="button" className="button button-secondary" onClick={() => onChange('')}>
            Mitten (ingen fokuspunkt)
          </button>
        )}
      </div>
    </fieldset>
  );
}
