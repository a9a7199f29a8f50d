import { IMAGE_WIDTHS } from './constants.js';

const OWN_IMAGE = /^\/uploads\/([0-9a-f]{24})\.webp$/;

/** `srcset` for one of our own stored images (other URLs have none). */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  const m = url ? OWN_IMAGE.exec(url) : null;
  if (!m) return undefined;
  const widths = IMAGE_WIDTHS.slice(0, -1).map((w) => `/uploads/${m[1]}-w${w}.webp ${w}w`);
  return [...widths, `${url} ${IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]}w`].join(', ');
}

/** Our generated default avatar for a name (spec 000 §4: 96 px unless a size is asked for). */
export function defaultAvatarUrl(name: string, size = 96): string {
  return `/api/avatar?name=${encodeURIComponent(name)}&size=${size}`;
}

/** Issue 41 (kept out of articles.ts, whose texts the reader pages must not load). */
/** The focal point of a picture: where a crop keeps its centre (0..1 from the left and the top). */
export interface FocalPoint {
  x: number;
  y: number;
}
/** CSS `object-position` for a crop around the focal point (centre without one). */
export function focalPosition(focal: FocalPoint | null | undefined): string | undefined {
  if (!focal) return undefined;
  const pct = (v: number) => `${Math.round(Math.min(1, Math.max(0, v)) * 1000) / 10}%`;
  return `${pct(focal.x)} ${pct(focal.y)}`;
}
