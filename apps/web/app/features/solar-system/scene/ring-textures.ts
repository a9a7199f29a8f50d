import { Color, DataTexture, LinearFilter, RGBAFormat, SRGBColorSpace } from 'three';
import { RING_INNER } from '../lib/layout';

/** Ring bands in planet radii: [inner, outer, opacity]. Saturn bright, the others faint. */
const RING_BANDS: Record<string, [number, number, number][]> = {
  saturn: [
    [1.11, 1.24, 0.08],
    [1.24, 1.53, 0.35],
    [1.53, 1.95, 0.92],
    [1.95, 2.03, 0.08],
    [2.03, 2.27, 0.75],
  ],
  jupiter: [
    [1.4, 1.72, 0.05],
    [1.72, 1.81, 0.16],
  ],
  uranus: [
    [1.64, 1.66, 0.3],
    [1.75, 1.77, 0.3],
    [1.83, 1.86, 0.35],
    [1.95, 2.0, 0.55],
  ],
  neptune: [
    [1.66, 1.72, 0.1],
    [2.13, 2.16, 0.22],
    [2.5, 2.56, 0.3],
  ],
};
const RING_COLORS: Record<string, [number, number, number]> = {
  saturn: [226, 208, 170],
  jupiter: [190, 160, 130],
  uranus: [200, 214, 220],
  neptune: [170, 180, 200],
};

/** A 1-pixel-high radial ring texture drawn in the browser from the band table. */
export function ringTexture(slug: string, outer: number): DataTexture {
  const width = 512;
  const data = new Uint8Array(width * 4);
  const bands = RING_BANDS[slug] ?? [];
  const [cr, cg, cb] = RING_COLORS[slug] ?? [200, 200, 200];
  for (let i = 0; i < width; i++) {
    const r = (RING_INNER + ((1 - RING_INNER) * (i + 0.5)) / width) * outer;
    let alpha = 0;
    for (const [a, b, o] of bands) if (r >= a && r <= b) alpha = o;
    // Fine ringlets for Saturn.
    if (slug === 'saturn' && alpha > 0.2) alpha *= 0.8 + 0.2 * Math.sin(r * 140) * Math.sin(r * 37);
    const shadeBand = 0.85 + 0.15 * Math.sin(r * 23);
    data[i * 4] = cr * shadeBand;
    data[i * 4 + 1] = cg * shadeBand;
    data[i * 4 + 2] = cb * shadeBand;
    data[i * 4 + 3] = Math.max(0, Math.min(255, alpha * 255));
  }
  const tex = new DataTexture(data, width, 1, RGBAFormat);
  tex.colorSpace = SRGBColorSpace;
  tex.magFilter = LinearFilter;
  tex.minFilter = LinearFilter;
  tex.needsUpdate = true;
  return tex;
}

/** A 1×1 texture of a CSS colour, the stand-in until a body's own texture has loaded. */
export function colourTexture(css: string): DataTexture {
  const hex = new Color(css).getHex(); // sRGB, as the texture is tagged
  const tex = new DataTexture(new Uint8Array([(hex >> 16) & 255, (hex >> 8) & 255, hex & 255, 255]), 1, 1, RGBAFormat);
  tex.colorSpace = SRGBColorSpace;
  tex.needsUpdate = true;
  return tex;
}
