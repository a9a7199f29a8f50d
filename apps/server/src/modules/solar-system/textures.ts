/**
 * Procedural planet textures, drawn by us (no external images): an equirectangular map per body,
 * painted from 3D noise on the unit sphere and encoded as WebP with sharp. Deterministic, so every
 * server process makes the same bytes (and the same ETag).
 */
import { createHash } from 'node:crypto';
import { loadSharp } from '../../lib/lazy.js';
import { createNoise, type Noise3 } from './noise.js';

/** Bump when a painter changes, so browsers and CDNs fetch the new images. */
export const TEXTURE_VERSION = '1';
/** Width of each map (height is half); bodies that are seen large close up get more pixels. */
const WIDTHS: Record<string, number> = { sun: 1024, earth: 1024, jupiter: 1024, saturn: 1024 };
const DEFAULT_WIDTH = 512;

type RGB = [number, number, number];
type Painter = (n: Noise3, x: number, y: number, z: number, lat: number, lon: number, out: RGB) => void;

const clamp01 = (t: number) => (t < 0 ? 0 : Math.min(t, 1));
const smooth = (a: number, b: number, t: number) => {
  const k = clamp01((t - a) / (b - a));
  return k * k * (3 - 2 * k);
};
function mix(out: RGB, a: RGB, b: RGB, t: number): void {
  const k = clamp01(t);
  out[0] = a[0] + (b[0] - a[0]) * k;
  out[1] = a[1] + (b[1] - a[1]) * k;
  out[2] = a[2] + (b[2] - a[2]) * k;
}
function shade(out: RGB, f: number): void {
  out[0] *= f;
  out[1] *= f;
  out[2] *= f;
}
/** The colour stops of each body's palette, darkest first (dark → light along the noise). */
const PALETTES: Record<string, RGB[]> = {
  sun: [
    [200, 70, 5],
    [245, 130, 20],
    [255, 190, 60],
    [255, 235, 150],
  ],
  mercury: [
    [70, 66, 62],
    [125, 119, 112],
    [170, 163, 154],
  ],
  venus: [
    [176, 120, 58],
    [222, 180, 110],
    [245, 220, 165],
  ],
  mars: [
    [92, 40, 22],
    [160, 72, 38],
    [196, 104, 60],
    [222, 150, 100],
  ],
  ceres: [
    [70, 68, 66],
    [110, 106, 101],
    [140, 134, 126],
  ],
  jupiter: [
    [140, 92, 64],
    [190, 140, 100],
    [226, 200, 166],
    [246, 236, 220],
  ],
  saturn: [
    [176, 142, 92],
    [210, 184, 130],
    [232, 214, 168],
    [240, 228, 190],
  ],
  uranus: [
    [130, 196, 206],
    [160, 218, 226],
    [186, 232, 236],
  ],
  neptune: [
    [30, 52, 150],
    [50, 88, 200],
    [80, 120, 225],
  ],
  pluto: [
    [110, 78, 56],
    [170, 130, 96],
    [212, 186, 156],
    [236, 222, 204],
  ],
};

/** Palette lookup with linear blending between stops (t in [0, 1]). */
function palette(out: RGB, stops: RGB[], t: number): void {
  const s = clamp01(t) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(s));
  mix(out, stops[i], stops[i + 1], s - i);
}

/** Crater shading from cellular noise: a darker bowl and a bright rim; returns a brightness factor. */
function craters(n: Noise3, x: number, y: number, z: number, scale: number, size: number, depth: number): number {
  const { d, id } = n.worley(x * scale, y * scale, z * scale);
  const r = size * (0.45 + 0.55 * id);
  if (id < 0.35 || d > r * 1.25) return 1;
  if (d < r) return 1 - depth * (1 - (d / r) ** 2) * 0.8;
  return 1 + depth * 0.6 * (1 - (d - r) / (r * 0.25));
}

const tmp: RGB = [0, 0, 0];

const PAINTERS: Record<string, Painter> = {
  sun(n, x, y, z, _lat, _lon, out) {
    const g = n.fbm(x * 18, y * 18, z * 18, 3);
    const big = n.fbm(x * 3, y * 3, z * 3, 3);
    palette(out, PALETTES.sun, 0.55 + g * 0.9 + big * 0.5);
    const spot = n.perlin(x * 5 + 3, y * 5, z * 5);
    if (spot > 0.6) shade(out, 1 - smooth(0.6, 0.72, spot) * 0.5);
  },
  mercury(n, x, y, z, _lat, _lon, out) {
    const base = n.fbm(x * 3, y * 3, z * 3, 6);
    palette(out, PALETTES.mercury, 0.5 + base * 0.9);
    const c = craters(n, x, y, z, 9, 0.32, 0.35) * craters(n, x + 9, y, z, 22, 0.3, 0.25);
    shade(out, c);
  },
  venus(n, x, y, z, lat, _lon, out) {
    const warp = n.fbm(x * 2, y * 2, z * 2, 4);
    const bands = Math.sin((lat + warp * 0.6) * 9) * 0.5 + 0.5;
    const fine = n.fbm(x * 7 + warp, y * 7, z * 7, 4);
    palette(out, PALETTES.venus, 0.35 + bands * 0.35 + fine * 0.4);
  },
  earth(n, x, y, z, lat, _lon, out) {
    const h = n.fbm(x * 1.7, y * 1.7, z * 1.7, 6);
    const alat = Math.abs(lat);
    if (h > 0.04) {
      const dry = n.fbm(x * 3 + 5, y * 3, z * 3, 4);
      const desert = smooth(0.05, 0.35, dry) * (1 - smooth(0.5, 0.9, alat)) * smooth(0.2, 0.45, alat);
      mix(out, [46, 104, 44], [112, 134, 62], h * 3);
      mix(tmp, [196, 170, 112], [176, 146, 96], h * 4);
      mix(out, out, tmp, desert);
      if (h > 0.3) mix(out, out, [120, 104, 88], smooth(0.3, 0.45, h));
    } else {
      mix(out, [10, 38, 96], [30, 90, 160], smooth(-0.35, 0.04, h));
    }
    const ice = smooth(1.24, 1.34, alat + n.fbm(x * 4, y * 4, z * 4, 3) * 0.15);
    mix(out, out, [238, 244, 250], ice);
    const cloud = n.fbm(x * 3.5 + 11, y * 5, z * 3.5, 5);
    mix(out, out, [250, 250, 252], smooth(0.08, 0.4, cloud) * 0.85);
  },
  mars(n, x, y, z, lat, _lon, out) {
    const base = n.fbm(x * 2.2, y * 2.2, z * 2.2, 6);
    const detail = n.fbm(x * 9, y * 9, z * 9, 3);
    palette(out, PALETTES.mars, 0.55 + base * 1.1 + detail * 0.25);
    shade(out, craters(n, x, y, z, 14, 0.28, 0.18));
    const cap = smooth(1.36, 1.44, Math.abs(lat) + n.fbm(x * 5, y * 5, z * 5, 3) * 0.08);
    mix(out, out, [240, 236, 230], cap);
  },
  ceres(n, x, y, z, _lat, _lon, out) {
    const base = n.fbm(x * 3, y * 3, z * 3, 5);
    palette(out, PALETTES.ceres, 0.5 + base);
    shade(out, craters(n, x, y, z, 8, 0.34, 0.4) * craters(n, x, y + 4, z, 20, 0.3, 0.25));
    const spot = n.worley(x * 6 + 2, y * 6, z * 6);
    if (spot.id > 0.93 && spot.d < 0.08) mix(out, out, [245, 245, 240], 1 - spot.d / 0.08);
  },
  jupiter(n, x, y, z, lat, lon, out) {
    const turb = n.fbm(x * 5, y * 12, z * 5, 5);
    const l = lat + turb * 0.09;
    const b = Math.sin(l * 14 + Math.sin(l * 5) * 1.5) * 0.5 + 0.5;
    const b2 = Math.sin(l * 37 + 1) * 0.5 + 0.5;
    const fine = n.fbm(x * 16, y * 40, z * 16, 3);
    palette(out, PALETTES.jupiter, b * 0.7 + b2 * 0.2 + fine * 0.25 + 0.05);
    // Polar regions are darker and greyer.
    mix(out, out, [128, 116, 108], smooth(0.9, 1.4, Math.abs(lat)));
    // The Great Red Spot: an ellipse at 22° S.
    const dl = (lat + 0.384) / 0.09;
    let dlon = lon - 1.2;
    if (dlon > Math.PI) dlon -= 2 * Math.PI;
    if (dlon < -Math.PI) dlon += 2 * Math.PI;
    const e = dl * dl + (dlon / 0.2) ** 2;
    if (e < 1.3) {
      const swirl = n.fbm(x * 20, y * 20, z * 20, 3);
      mix(tmp, [180, 80, 50], [214, 120, 80], 0.5 + swirl);
      mix(out, tmp, out, smooth(0.6, 1.3, e));
    }
  },
  saturn(n, x, y, z, lat, _lon, out) {
    const turb = n.fbm(x * 3, y * 12, z * 3, 4);
    const l = lat + turb * 0.03;
    const b = Math.sin(l * 12) * 0.5 + 0.5;
    const b2 = Math.sin(l * 27 + 2) * 0.5 + 0.5;
    palette(out, PALETTES.saturn, b * 0.7 + b2 * 0.3);
    mix(out, out, [150, 160, 168], smooth(1.2, 1.5, Math.abs(lat)));
  },
  uranus(n, x, y, z, lat, _lon, out) {
    const turb = n.fbm(x * 3, y * 8, z * 3, 4);
    const b = Math.sin((lat + turb * 0.04) * 10) * 0.5 + 0.5;
    palette(out, PALETTES.uranus, 0.35 + b * 0.3 + turb * 0.3);
  },
  neptune(n, x, y, z, lat, lon, out) {
    const turb = n.fbm(x * 3, y * 9, z * 3, 5);
    const b = Math.sin((lat + turb * 0.06) * 11) * 0.5 + 0.5;
    palette(out, PALETTES.neptune, 0.3 + b * 0.4 + turb * 0.4);
    // The Great Dark Spot and bright methane clouds.
    let dlon = lon + 0.8;
    if (dlon > Math.PI) dlon -= 2 * Math.PI;
    const e = ((lat + 0.35) / 0.08) ** 2 + (dlon / 0.17) ** 2;
    if (e < 1) mix(out, out, [20, 30, 90], (1 - e) * 0.9);
    const streak = n.fbm(x * 2, y * 30, z * 2, 3);
    mix(out, out, [235, 240, 255], smooth(0.35, 0.6, streak) * 0.8);
  },
  pluto(n, x, y, z, lat, lon, out) {
    const base = n.fbm(x * 2.5, y * 2.5, z * 2.5, 6);
    palette(out, PALETTES.pluto, 0.5 + base * 1.1);
    // Dark reddish equatorial belt (Cthulhu) and the bright "heart" (Tombaugh Regio).
    let dh = lon - 0.3;
    if (dh > Math.PI) dh -= 2 * Math.PI;
    if (dh < -Math.PI) dh += 2 * Math.PI;
    const heart = ((lat - 0.25) / 0.42) ** 2 + (dh / 0.5) ** 2;
    const belt = smooth(0.45, 0.05, Math.abs(lat + 0.05)) * (1 - smooth(0.8, 1.6, heart));
    mix(out, out, [84, 44, 32], belt * 0.85 * smooth(-0.2, 0.2, n.fbm(x * 4, y * 4, z * 4, 3) + 0.1));
    mix(out, out, [246, 240, 232], smooth(1.1, 0.5, heart + n.fbm(x * 6, y * 6, z * 6, 4) * 0.9) * 0.9);
  },
};

export const TEXTURE_SLUGS = Object.keys(PAINTERS);

export interface Texture {
  body: Buffer;
  etag: string;
  contentType: 'image/webp';
}

/** Paints one body; rows are painted in slices with pauses so that the server keeps answering. */
export async function renderTexture(slug: string, width = WIDTHS[slug] ?? DEFAULT_WIDTH): Promise<Texture> {
  const paint = PAINTERS[slug];
  if (!paint) throw new Error(`no texture painter for ${slug}`);
  const height = width / 2;
  let seed = 0;
  for (const ch of slug) seed = (seed * 31 + ch.charCodeAt(0)) >>> 0;
  const noise = createNoise(seed);
  const pixels = Buffer.alloc(width * height * 3);
  const rgb: RGB = [0, 0, 0];
  for (let row = 0; row < height; row++) {
    const lat = Math.PI / 2 - ((row + 0.5) / height) * Math.PI;
    const cl = Math.cos(lat);
    const y = Math.sin(lat);
    for (let col = 0; col < width; col++) {
      // Three.js maps u = 0 to the -x side going east; any consistent mapping is seamless here.
      const lon = ((col + 0.5) / width) * 2 * Math.PI - Math.PI;
      const x = cl * Math.cos(lon);
      const z = cl * Math.sin(lon);
      paint(noise, x, y, z, lat, lon, rgb);
      const i = (row * width + col) * 3;
      pixels[i] = rgb[0] < 0 ? 0 : Math.min(rgb[0], 255);
      pixels[i + 1] = rgb[1] < 0 ? 0 : Math.min(rgb[1], 255);
      pixels[i + 2] = rgb[2] < 0 ? 0 : Math.min(rgb[2], 255);
    }
    if (row % 32 === 31) await new Promise((resolve) => setImmediate(resolve));
  }
  const sharp = await loadSharp();
  const body = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .webp({ quality: 82, effort: 4 })
    .toBuffer();
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag, contentType: 'image/webp' };
}
