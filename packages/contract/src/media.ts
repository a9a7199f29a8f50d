import { IMAGE_WIDTHS } from './constants.js';
import type { FrontSize } from './fronts.js';

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

/**
 * Issue 41: the ratios a picture is cut to, server-side, around its focal point (decision 056):
 * 3:2 on a card, 16:9 on a front's lead and the article page, 1:1 on a small card.
 */
export const CROP_RATIOS = ['3x2', '16x9', '1x1'] as const;
export type CropRatio = (typeof CROP_RATIOS)[number];
/** A crop's focal point in a file name is in whole percent, a multiple of this (21 × 21 points). */
export const CROP_FOCAL_STEP = 5;

/**
 * The ratio a card shows its picture at (cards.css, fronts.css): a front's small slot square (even
 * as the lead), the lead 16:9, every other card 3:2.
 */
export function cardRatio(slot: { size: FrontSize; lead: boolean } | null | undefined): CropRatio {
  if (slot?.size === 'small') return '1x1';
  return slot?.lead ? '16x9' : '3x2';
}

/** The focal point as a crop's name gives it: percent from the left and the top, in CROP_FOCAL_STEP steps (no focal point: the centre). */
export function cropFocal(focal: FocalPoint | null | undefined): [number, number] {
  const q = (v: number | undefined) =>
    Number.isFinite(v)
      ? Math.round((Math.min(1, Math.max(0, v as number)) * 100) / CROP_FOCAL_STEP) * CROP_FOCAL_STEP
      : 50;
  return [q(focal?.x), q(focal?.y)];
}

/** Height of a crop `width` wide (whole pixels). */
export function cropHeight(ratio: CropRatio, width: number): number {
  const [w, h] = ratio.split('x').map(Number) as [number, number];
  return Math.round((width * h) / w);
}

/** The file name of one crop: `<hash>-<ratio>-x<fx>y<fy>-w<width>.webp` (fx, fy from cropFocal). */
export const cropFileName = (hash: string, ratio: CropRatio, [fx, fy]: [number, number], width: number) =>
  `${hash}-${ratio}-x${fx}y${fy}-w${width}.webp`;

/**
 * `src`, `srcset` and the width and height attributes of one of our own stored images cut to
 * `ratio` around its focal point, built from the article's fields alone; undefined for anything
 * else (an outside address, an SVG), which keeps the whole picture and CSS's crop.
 */
export function croppedImage(
  url: string | null | undefined,
  ratio: CropRatio,
  focal: FocalPoint | null | undefined,
): { src: string; srcSet: string; width: number; height: number } | undefined {
  const m = url ? OWN_IMAGE.exec(url) : null;
  if (!m) return undefined;
  const f = cropFocal(focal);
  const at = (w: number) => `/uploads/${cropFileName(m[1] as string, ratio, f, w)}`;
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  return {
    src: at(largest),
    srcSet: IMAGE_WIDTHS.map((w) => `${at(w)} ${w}w`).join(', '),
    width: largest,
    height: cropHeight(ratio, largest),
  };
}
