/**
 * Small deterministic noise functions for the procedural planet textures: 3D gradient (Perlin)
 * noise, fractal sums of it, and cellular (Worley) noise for craters. Sampling in 3D on the unit
 * sphere gives seamless equirectangular maps without pinching at the poles.
 */

/** Mulberry32: a tiny seeded PRNG, so every texture is the same on every server. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The 12 edge gradients of Perlin's improved noise, flattened (x, y, z). */
const GRAD = new Float64Array([
  1, 1, 0, -1, 1, 0, 1, -1, 0, -1, -1, 0, 1, 0, 1, -1, 0, 1, 1, 0, -1, -1, 0, -1, 0, 1, 1, 0, -1, 1, 0, 1, -1, 0, -1,
  -1,
]);

const fade = (t: number) => t * t * t * (t * (t * 6 - 15) + 10);
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

export interface Noise3 {
  /** Gradient noise in about [-1, 1]. */
  perlin(x: number, y: number, z: number): number;
  /** Fractal sum of `octaves` layers, normalised to about [-1, 1]. */
  fbm(x: number, y: number, z: number, octaves?: number, lacunarity?: number, gain?: number): number;
  /**
   * Distance to the nearest feature point (cells of size 1) and that point's random value in [0, 1).
   * The returned object is reused by the next call.
   */
  worley(x: number, y: number, z: number): { d: number; id: number };
}

export function createNoise(seed: number): Noise3 {
  const random = rng(seed);
  const p = new Uint8Array(512);
  const perm = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [perm[i], perm[j]] = [perm[j], perm[i]];
  }
  for (let i = 0; i < 512; i++) p[i] = perm[i & 255];
  // Offset of each hash's gradient in GRAD, looked up once instead of `h % 12` per corner.
  const g3 = new Uint8Array(256);
  for (let i = 0; i < 256; i++) g3[i] = (i % 12) * 3;

  const dot = (h: number, x: number, y: number, z: number) => {
    const g = g3[h];
    return GRAD[g] * x + GRAD[g + 1] * y + GRAD[g + 2] * z;
  };

  const perlin = (x: number, y: number, z: number): number => {
    const X = Math.floor(x);
    const Y = Math.floor(y);
    const Z = Math.floor(z);
    x -= X;
    y -= Y;
    z -= Z;
    const xi = X & 255;
    const yi = Y & 255;
    const zi = Z & 255;
    const u = fade(x);
    const v = fade(y);
    const w = fade(z);
    const a = p[xi] + yi;
    const aa = p[a] + zi;
    const ab = p[a + 1] + zi;
    const b = p[xi + 1] + yi;
    const ba = p[b] + zi;
    const bb = p[b + 1] + zi;
    return lerp(
      lerp(
        lerp(dot(p[aa], x, y, z), dot(p[ba], x - 1, y, z), u),
        lerp(dot(p[ab], x, y - 1, z), dot(p[bb], x - 1, y - 1, z), u),
        v,
      ),
      lerp(
        lerp(dot(p[aa + 1], x, y, z - 1), dot(p[ba + 1], x - 1, y, z - 1), u),
        lerp(dot(p[ab + 1], x, y - 1, z - 1), dot(p[bb + 1], x - 1, y - 1, z - 1), u),
        v,
      ),
      w,
    );
  };

  const fbm = (x: number, y: number, z: number, octaves = 5, lacunarity = 2, gain = 0.5): number => {
    let sum = 0;
    let amp = 1;
    let norm = 0;
    let f = 1;
    for (let o = 0; o < octaves; o++) {
      sum += amp * perlin(x * f + o * 17.1, y * f + o * 31.7, z * f + o * 7.3);
      norm += amp;
      amp *= gain;
      f *= lacunarity;
    }
    return sum / norm;
  };

  // Result of the last `worley` call, reused (the painters call it for every pixel).
  const cell = { d: 0, id: 0 };
  const worley = (x: number, y: number, z: number) => {
    const X = Math.floor(x);
    const Y = Math.floor(y);
    const Z = Math.floor(z);
    let best = Number.POSITIVE_INFINITY;
    let id = 0;
    for (let dx = -1; dx <= 1; dx++) {
      const cx = X + dx;
      const hx = cx & 255;
      for (let dy = -1; dy <= 1; dy++) {
        const cy = Y + dy;
        for (let dz = -1; dz <= 1; dz++) {
          const cz = Z + dz;
          const h = p[(p[(p[hx] + (cy & 255)) & 511] + (cz & 255)) & 511];
          const fx = cx + p[h] / 256 - x;
          const fy = cy + p[h + 1] / 256 - y;
          const fz = cz + p[h + 2] / 256 - z;
          const d = fx * fx + fy * fy + fz * fz;
          if (d < best) {
            best = d;
            id = h;
          }
        }
      }
    }
    cell.d = Math.sqrt(best);
    cell.id = p[id + 3] / 256;
    return cell;
  };

  return { perlin, fbm, worley };
}
