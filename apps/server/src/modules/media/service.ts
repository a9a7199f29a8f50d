import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  CROP_FOCAL_STEP,
  CROP_RATIOS,
  type CropRatio,
  cropHeight,
  IMAGE_WIDTHS,
  MSG,
  stripControlChars,
  USERS_MSG,
  withoutInvisible,
} from '@vaggen/contract';
import pLimit from 'p-limit';
import { httpError, tooManyRequests } from '../../lib/http-errors.js';
import { loadSharp } from '../../lib/lazy.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { MediaStorage } from '../../lib/storage/index.js';
import { type FetchOptions, fetchRemoteImage } from './fetch-image.js';

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

/** The image type by its first bytes, whatever the file is called; null for anything else (SVG included). */
export function sniffImageType(buf: Buffer): ImageKind | null {
  if (buf.length < 12) return null;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const ascii6 = buf.subarray(0, 6).toString('latin1');
  if (ascii6 === 'GIF87a' || ascii6 === 'GIF89a') return 'gif';
  if (buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (buf.subarray(4, 8).toString('latin1') === 'ftyp' && /^avi[fs]$/.test(buf.subarray(8, 12).toString('latin1')))
    return 'avif';
  return null;
}

/** Issue 41: why a crop's name is refused (the web never writes such a name). */
export const CROP_MSG = {
  ratio: `Bildformatet finns inte: ${CROP_RATIOS.join(', ')}`,
  width: `Bredden finns inte: ${IMAGE_WIDTHS.join(', ')}`,
  focal: `Fokuspunkten anges i hela procent, 0–100 i steg om ${CROP_FOCAL_STEP}`,
  unknown: 'Bilden finns inte',
} as const;

/**
 * Anything named like a crop, `<hash>-<ratio>-x<fx>y<fy>-w<width>.webp` (cropFileName); whether
 * its values are allowed is checked after (a 400 that says which, not a silent 404).
 */
const CROP_LIKE = /^([0-9a-f]{24})-(\d{1,5}x\d{1,5})-x(\d{1,5})y(\d{1,5})-w(\d{1,6})\.webp$/;

/** Crops encoded at once by this process, and how many more may wait (decision 056); past both, the whole picture. */
export const CROP_CONCURRENCY = 2;
export const CROP_QUEUE = 32;

/**
 * Where a `ratio` crop of a `width` × `height` picture lies: the largest window of that ratio,
 * centred on the focal point (fx, fy in percent) and moved back inside the picture at its edges.
 */
export function cropWindow(
  width: number,
  height: number,
  ratio: CropRatio,
  fx: number,
  fy: number,
): { left: number; top: number; width: number; height: number } {
  const [rw, rh] = ratio.split('x').map(Number) as [number, number];
  let w = width;
  let h = Math.round((width * rh) / rw);
  if (h > height) {
    h = height;
    w = Math.min(width, Math.round((height * rw) / rh));
  }
  const place = (centre: number, size: number, total: number) =>
    Math.min(total - size, Math.max(0, Math.round(centre - size / 2)));
  return { left: place((fx / 100) * width, w, width), top: place((fy / 100) * height, h, height), width: w, height: h };
}

/** What a request for a crop gets: its bytes, or (too many crops under way) the uncropped file of that width. */
export type CropAnswer = { data: Buffer } | { fallback: string };

/** Stores images in the media storage (disk or S3), re-encoded (metadata stripped) in the responsive widths. */
export class MediaService {
  /** Crops being encoded, by name: a second request for one waits for the same encode. */
  private readonly cropsUnderWay = new Map<string, Promise<CropAnswer>>();
  private readonly cropTurn = pLimit(CROP_CONCURRENCY);

  constructor(
    private readonly storage: MediaStorage,
    /** New profile pictures (uploads and fetches by URL) per person and hour; unlimited without one. */
    private readonly pictures?: { limiter: RateLimiter; perHour: number },
  ) {}

  /**
   * Counts one profile-picture change for the person (each costs a re-encode, a fetch by URL also a
   * request to another host): past PICTURES_PER_HOUR it is 429 with the wait.
   */
  async countPictureChange(userId: number): Promise<void> {
    if (!this.pictures) return;
    const key = String(userId);
    if ((await this.pictures.limiter.hit(key)) > this.pictures.perHour) {
      throw tooManyRequests(USERS_MSG.pictureRate, await this.pictures.limiter.ttl(key), this.pictures.perHour);
    }
  }

  /**
   * Re-encodes any image sharp can read to WebP: `<hash>.webp` (at most the largest width) plus one
   * file per smaller width (`<hash>-w480.webp` …). Names are content hashes, so files are immutable.
   */
  /** An upload from a person: must really be an image by its bytes; re-encoded, metadata stripped. */
  async storeUpload(input: Buffer): Promise<{ url: string }> {
    if (!sniffImageType(input)) throw httpError(415, MSG.uploadNotImage);
    try {
      const { url } = await this.storeImage(input);
      return { url };
    } catch {
      throw httpError(415, MSG.uploadBroken);
    }
  }

  /**
   * A profile picture named by URL (issue 17): fetched once from a public address, sniffed and
   * re-encoded like an upload, and served from our origin from then on.
   */
  async importRemoteImage(url: string, opts: FetchOptions = {}): Promise<{ url: string }> {
    const bytes = await fetchRemoteImage(url, opts);
    if (!sniffImageType(bytes)) throw httpError(400, USERS_MSG.pictureNotImage);
    try {
      return { url: (await this.storeImage(bytes)).url };
    } catch {
      throw httpError(400, USERS_MSG.pictureNotImage);
    }
  }

  /**
   * The stored files of an image we serve (`/uploads/<hash>.webp` and its smaller widths), deleted.
   * Anything else (the generated avatar, an outside address) is not ours to delete: false.
   */
  async removeStoredImage(url: string): Promise<boolean> {
    const m = /^\/uploads\/([a-f0-9]{24})\.webp$/.exec(url);
    if (!m) return false;
    const id = m[1];
    await this.storage.remove(`${id}.webp`);
    for (const w of IMAGE_WIDTHS.slice(0, -1)) await this.storage.remove(`${id}-w${w}.webp`);
    // its crops (issue 41), whichever were made: the main file is gone first, so no new one starts
    const crops: string[] = [];
    for await (const name of this.storage.list(`${id}-`)) if (CROP_LIKE.test(name)) crops.push(name);
    for (const name of crops) await this.storage.remove(name);
    return true;
  }

  /**
   * Issue 41 (decision 056): a crop that is not stored yet, made from the picture's main file on its
   * first request and stored (putOnce) for every later one. null when `name` is not a crop's
   * (the caller's 404); 400 for a ratio, width or focal point the web never asks for; 404 for a
   * picture we do not have. At most CROP_CONCURRENCY encodes run and CROP_QUEUE wait; a request
   * beyond them gets the uncropped file of its width, so a reader never sees a broken picture and
   * nobody can make the server do more than that.
   */
  async crop(name: string): Promise<CropAnswer | null> {
    const m = CROP_LIKE.exec(name);
    if (!m) return null;
    const [, hash, ratio, fxs, fys, ws] = m as unknown as [string, string, string, string, string, string];
    // numbers as the web writes them (no leading zeros): one name per crop
    const canonical = (s: string) => String(Number(s)) === s;
    if (!(CROP_RATIOS as readonly string[]).includes(ratio)) throw httpError(400, CROP_MSG.ratio);
    const width = Number(ws);
    if (!canonical(ws) || !(IMAGE_WIDTHS as readonly number[]).includes(width)) throw httpError(400, CROP_MSG.width);
    const [fx, fy] = [Number(fxs), Number(fys)];
    if (![fxs, fys].every(canonical) || ![fx, fy].every((v) => v <= 100 && v % CROP_FOCAL_STEP === 0))
      throw httpError(400, CROP_MSG.focal);
    const under = this.cropsUnderWay.get(name);
    if (under) return under;
    if (this.cropLoad >= CROP_CONCURRENCY + CROP_QUEUE) {
      if (!(await this.storage.exists(`${hash}.webp`))) throw httpError(404, CROP_MSG.unknown);
      const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
      return { fallback: `/uploads/${hash}${width === largest ? '' : `-w${width}`}.webp` };
    }
    const made = this.cropTurn(() => this.makeCrop(name, hash, ratio as CropRatio, fx, fy, width)).finally(() =>
      this.cropsUnderWay.delete(name),
    );
    this.cropsUnderWay.set(name, made);
    return made;
  }

  /** Crops being encoded or waiting for their turn. */
  get cropLoad(): number {
    return this.cropTurn.activeCount + this.cropTurn.pendingCount;
  }

  /** Encodes one crop from the main file and stores it (exposed for the tests' count of encodes). */
  async makeCrop(name: string, hash: string, ratio: CropRatio, fx: number, fy: number, width: number) {
    const main = await this.storage.get(`${hash}.webp`);
    if (!main) throw httpError(404, CROP_MSG.unknown);
    const input = await buffer(main.body);
    const sharp = await loadSharp();
    const img = sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 });
    const meta = await img.metadata();
    const box = cropWindow(meta.width as number, meta.height as number, ratio, fx, fy);
    // a picture narrower than the width keeps its own (as its width variants do)
    const w = Math.min(width, box.width);
    const data = await img
      .extract(box)
      .resize({ width: w, height: cropHeight(ratio, w), fit: 'fill' })
      .webp({ quality: 78 })
      .toBuffer();
    await this.storage.putOnce(name, data, 'image/webp');
    return { data };
  }

  async storeImage(input: Buffer): Promise<{ url: string; width: number; height: number }> {
    const sharp = await loadSharp();
    const img = sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate();
    const maxWidth = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
    // the width after .rotate(): metadata() gives the stored one, which for a photo stored sideways
    // (EXIF orientation 5–8) is its height; withoutEnlargement keeps smaller images as they are
    const main = await img
      .clone()
      .resize({ width: maxWidth, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const id = createHash('sha256').update(main.data).digest('hex').slice(0, 24);
    await this.storage.putOnce(`${id}.webp`, main.data, 'image/webp');
    for (const w of IMAGE_WIDTHS.slice(0, -1)) {
      const variant = await img.clone().resize({ width: w, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
      await this.storage.putOnce(`${id}-w${w}.webp`, variant, 'image/webp');
    }
    return { url: `/uploads/${id}.webp`, width: main.info.width, height: main.info.height };
  }
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

export function initials(name: string): string {
  // Issue 40 (finding 6): a control character or a noncharacter (U+0001, U+FFFE) in a name made the
  // SVG malformed and sharp failed (500); invisible formatting characters are no initial either.
  const parts = withoutInvisible(stripControlChars(name))
    .replace(/[._-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  // by code point: half an emoji is no character
  const first = (p: string | undefined, n: number) => [...(p ?? '')].slice(0, n).join('');
  const letters = parts.length > 1 ? first(parts[0], 1) + first(parts[parts.length - 1], 1) : first(parts[0], 2) || '?';
  return letters.toLocaleUpperCase('sv-SE');
}

/** A stable colour for a name, so the same person always gets the same avatar. */
export function colorFor(name: string): string {
  const palette = ['#1f6feb', '#8250df', '#bf3989', '#cf222e', '#bc4c00', '#4d7c0f', '#0f766e', '#0550ae'];
  const h = createHash('md5').update(name).digest();
  return palette[h[0] % palette.length];
}

export function avatarSvg(name: string, size: number, color = colorFor(name)): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
<rect width="100" height="100" fill="${color}"/>
<text x="50" y="50" dy=".35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="40" fill="#fff">${escapeXml(initials(name))}</text>
</svg>`;
}

export async function renderPng(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
