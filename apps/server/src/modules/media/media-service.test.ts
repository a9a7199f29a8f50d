import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG, USERS_MSG } from '@vaggen/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, RateLimitedError } from '../../lib/http-errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { MediaStorage } from '../../lib/storage/index.js';
import { avatarSvg, colorFor, initials, MediaService, renderPng, sniffImageType } from './service.js';

/** A storage that keeps what the service writes and deletes, in order. */
function recordingStorage() {
  const puts: { name: string; data: Buffer; contentType: string }[] = [];
  const removed: string[] = [];
  const storage = {
    kind: 'local',
    putOnce: async (name: string, data: Buffer, contentType: string) => {
      puts.push({ name, data, contentType });
    },
    remove: async (name: string) => {
      removed.push(name);
    },
    // what is stored: what was put, and the crops made of a1b2… on their first requests (issue 41)
    list: async function* (prefix = '') {
      const crops = ['a1b2c3d4e5f60718293a4b5c-3x2-x50y50-w480.webp', 'a1b2c3d4e5f60718293a4b5c-1x1-x0y100-w1600.webp'];
      const names = [...puts.map((p) => p.name), ...crops, 'a1b2c3d4e5f60718293a4b5c-w480.webp'];
      for (const n of names) if (n.startsWith(prefix)) yield n;
    },
  } as unknown as MediaStorage;
  return { storage, puts, removed };
}

/** Noise compresses badly, so the encoder's quality shows in the size. */
function noisyPng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const size = async (data: Buffer) => {
  const m = await sharp(data).metadata();
  return [m.format, m.width, m.height];
};

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** Why an async call failed: status and message of the HttpError it threw. */
async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return { status: (err as HttpError).statusCode, msg: (err as HttpError).message };
}

describe('sniffImageType: the type by the first bytes', () => {
  const zeros = (n: number) => new Array(n).fill(0);
  it.each([
    ['a JPEG start in exactly 12 bytes', bytes([0xff, 0xd8, 0xff], zeros(9)), 'jpeg'],
    ['a JPEG start in 11 bytes', bytes([0xff, 0xd8, 0xff], zeros(8)), null],
    ['FF D8 without the third FF', bytes([0xff, 0xd8, 0x00], zeros(9)), null],
    ['FF ?? FF', bytes([0xff, 0x00, 0xff], zeros(9)), null],
    ['?? D8 FF', bytes([0x00, 0xd8, 0xff], zeros(9)), null],
    ['the PNG signature', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], zeros(4)), 'png'],
    [
      'the PNG signature with its last byte wrong',
      bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00], zeros(4)),
      null,
    ],
    ['GIF87a', bytes('GIF87a', zeros(6)), 'gif'],
    ['GIF89a', bytes('GIF89a', zeros(6)), 'gif'],
    ['GIF88a', bytes('GIF88a', zeros(6)), null],
    ['RIFF … WEBP', bytes('RIFF', zeros(4), 'WEBP'), 'webp'],
    ['RIFF … WAVE (a sound)', bytes('RIFF', zeros(4), 'WAVE'), null],
    ['RIFX … WEBP', bytes('RIFX', zeros(4), 'WEBP'), null],
    ['ftyp avif', bytes(zeros(4), 'ftypavif'), 'avif'],
    ['ftyp avis (an AVIF sequence)', bytes(zeros(4), 'ftypavis'), 'avif'],
    ['ftyp avix', bytes(zeros(4), 'ftypavix'), null],
    ['ftyp heic', bytes(zeros(4), 'ftypheic'), null],
    ['avif without ftyp', bytes(zeros(4), 'moovavif'), null],
    ['text', bytes('<svg onload=1>'), null],
  ])('%s', (_what, buf, kind) => {
    expect(sniffImageType(buf)).toBe(kind);
  });
});

describe('MediaService', () => {
  it('stores the WebP at most 1600 wide and one file per smaller width, named by the content hash', async () => {
    const { storage, puts } = recordingStorage();
    const stored = await new MediaService(storage).storeImage(await noisyPng(2000, 1000));
    expect(puts.length).toBe(3);
    const id = createHash('sha256').update(puts[0].data).digest('hex').slice(0, 24);
    expect(stored).toEqual({ url: `/uploads/${id}.webp`, width: 1600, height: 800 });
    expect(puts.map((p) => [p.name, p.contentType])).toEqual([
      [`${id}.webp`, 'image/webp'],
      [`${id}-w480.webp`, 'image/webp'],
      [`${id}-w960.webp`, 'image/webp'],
    ]);
    expect(await Promise.all(puts.map((p) => size(p.data)))).toEqual([
      ['webp', 1600, 800],
      ['webp', 480, 240],
      ['webp', 960, 480],
    ]);
  });

  it('never enlarges a small image, not even its width variants', async () => {
    const { storage, puts } = recordingStorage();
    const stored = await new MediaService(storage).storeImage(await noisyPng(300, 200));
    expect(stored).toMatchObject({ width: 300, height: 200 });
    expect(await Promise.all(puts.map((p) => size(p.data)))).toEqual([
      ['webp', 300, 200],
      ['webp', 300, 200],
      ['webp', 300, 200],
    ]);
  });

  it('encodes the width variants at quality 78 (smaller than the main image’s 80)', async () => {
    const { storage, puts } = recordingStorage();
    const input = await noisyPng(1200, 600);
    await new MediaService(storage).storeImage(input);
    const at = (quality: number) => sharp(input).resize({ width: 480 }).webp({ quality }).toBuffer();
    const w480 = puts[1].data;
    expect(w480.length).toBe((await at(78)).length);
    expect(w480.length).toBeLessThan((await at(80)).length);
  });

  it('turns a photo upright by its EXIF orientation, and does not enlarge it when it was stored sideways', async () => {
    const sideways = await sharp(await noisyPng(1000, 600))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(sideways).metadata()).toMatchObject({ width: 1000, height: 600, orientation: 6 });
    const { storage, puts } = recordingStorage();
    expect(await new MediaService(storage).storeImage(sideways)).toMatchObject({ width: 600, height: 1000 });
    expect(await size(puts[0].data)).toEqual(['webp', 600, 1000]);
  });

  it('scales a sideways-stored photo by its upright width (at most 1600), not by the stored width', async () => {
    // stored 600 × 2400, shown 2400 × 600
    const sideways = await sharp(await noisyPng(600, 2400))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { storage, puts } = recordingStorage();
    expect(await new MediaService(storage).storeImage(sideways)).toMatchObject({ width: 1600, height: 400 });
    expect(await Promise.all(puts.map((p) => size(p.data)))).toEqual([
      ['webp', 1600, 400],
      ['webp', 480, 120],
      ['webp', 960, 240],
    ]);
  });

  it('reads images up to 50 million pixels and refuses larger ones', async () => {
    const blank = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#fff' } })
        .toColourspace('b-w')
        .png()
        .toBuffer();
    const { storage, puts } = recordingStorage();
    const media = new MediaService(storage);
    await expect(media.storeImage(await blank(10_000, 5_001))).rejects.toThrow(/pixel limit/);
    expect(puts).toEqual([]);
    expect(await media.storeImage(await blank(10_000, 5_000))).toMatchObject({ width: 1600, height: 800 });
  });

  it('uploads: refuses what is not an image (415), and an image that does not decode (415, another message)', async () => {
    const { storage, puts } = recordingStorage();
    const media = new MediaService(storage);
    expect(await refusal(media.storeUpload(bytes('GIF88a', new Array(20).fill(0))))).toEqual({
      status: 415,
      msg: MSG.uploadNotImage,
    });
    expect(await refusal(media.storeUpload(bytes('GIF89a', new Array(20).fill(0))))).toEqual({
      status: 415,
      msg: MSG.uploadBroken,
    });
    expect(puts).toEqual([]);
    const ok = await media.storeUpload(await noisyPng(40, 30));
    expect(ok).toEqual({ url: expect.stringMatching(/^\/uploads\/[0-9a-f]{24}\.webp$/) });
    expect(Object.keys(ok)).toEqual(['url']);
  });

  describe('pictures by URL', () => {
    let server: http.Server;
    let base: string;
    let png: Buffer;
    beforeAll(async () => {
      png = await noisyPng(40, 40);
      server = http.createServer((req, res) => {
        if (req.url === '/bild.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
        // sharp would read it: only the byte sniff refuses it
        if (req.url === '/bild.svg')
          return res
            .writeHead(200, { 'content-type': 'image/png' })
            .end(
              '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80"/></svg>',
            );
        // starts like a JPEG, does not decode
        if (req.url === '/trasig.jpg')
          return res
            .writeHead(200, { 'content-type': 'image/jpeg' })
            .end(bytes([0xff, 0xd8, 0xff, 0xe0], 'x'.repeat(200)));
        res.writeHead(404).end();
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('stores a fetched picture and answers its URL only; an SVG or one that does not decode is 400 not-an-image', async () => {
      const { storage, puts } = recordingStorage();
      const media = new MediaService(storage);
      expect(await refusal(media.importRemoteImage(`${base}/trasig.jpg`, { allowPrivate: true }))).toEqual({
        status: 400,
        msg: USERS_MSG.pictureNotImage,
      });
      expect(await refusal(media.importRemoteImage(`${base}/bild.svg`, { allowPrivate: true }))).toEqual({
        status: 400,
        msg: USERS_MSG.pictureNotImage,
      });
      expect(puts).toEqual([]);
      const ok = await media.importRemoteImage(`${base}/bild.png`, { allowPrivate: true });
      expect(ok).toEqual({ url: `/uploads/${puts[0].name}` });
      expect(Object.keys(ok)).toEqual(['url']);
    });
  });

  it('removes our stored image with its width variants and crops, and nothing that is not ours', async () => {
    const { storage, removed } = recordingStorage();
    const media = new MediaService(storage);
    const id = 'a1b2c3d4e5f60718293a4b5c';
    expect(await media.removeStoredImage(`/uploads/${id}.webp`)).toBe(true);
    expect(removed).toEqual([
      `${id}.webp`,
      `${id}-w480.webp`,
      `${id}-w960.webp`,
      `${id}-3x2-x50y50-w480.webp`,
      `${id}-1x1-x0y100-w1600.webp`,
    ]);
    removed.length = 0;
    for (const url of [
      '/api/avatar?name=Karin',
      `https://example.com/uploads/${id}.webp`,
      `/uploads/${id}.webp.bak`,
      `/uploads/${id}-w480.webp`,
      `/uploads/${id.slice(1)}.webp`,
      `/uploads/${id.toUpperCase()}.webp`,
      `/uploads/${id}.png`,
      `x/uploads/${id}.webp`,
    ]) {
      expect(await media.removeStoredImage(url), url).toBe(false);
    }
    expect(removed).toEqual([]);
  });

  it('counts picture changes per person: the hour’s limit is allowed, one more is 429 with the wait', async () => {
    const counts = new Map<string, number>();
    const limiter = {
      hit: async (key: string) => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return counts.get(key) as number;
      },
      ttl: async (key: string) => (key === '7' ? 1_234_000 : 0),
    } as unknown as RateLimiter;
    const media = new MediaService(recordingStorage().storage, { limiter, perHour: 2 });
    await media.countPictureChange(7);
    await media.countPictureChange(7);
    const err = await media.countPictureChange(7).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err).toMatchObject({ statusCode: 429, message: USERS_MSG.pictureRate, retryAfterMs: 1_234_000, limit: 2 });
    await media.countPictureChange(8); // another person
    expect([...counts]).toEqual([
      ['7', 3],
      ['8', 1],
    ]);
    // without a limiter nothing is counted
    await expect(new MediaService(recordingStorage().storage).countPictureChange(7)).resolves.toBeUndefined();
  });
});

describe('initials avatars', () => {
  it('takes two letters of one word, first and last initials of several; dots, dashes and underscores part words', () => {
    expect(initials('Karin')).toBe('KA');
    expect(initials('a')).toBe('A');
    expect(initials('  karin  ')).toBe('KA');
    expect(initials('anna-lena.berg')).toBe('AB');
    expect(initials('x__y')).toBe('XY');
    expect(initials('...')).toBe('?');
  });

  it('is one fixed colour of the palette per name', () => {
    expect(colorFor('Karin Berg')).toBe('#bf3989');
    expect(colorFor('Olle Ek')).toBe('#8250df');
    expect(colorFor('Anna')).toBe('#0550ae');
    expect(colorFor('h')).toBe('#4d7c0f');
    expect(colorFor('a')).toBe('#bc4c00');
    expect(colorFor('Dag')).toBe('#0f766e');
    expect(colorFor('Hans')).toBe('#cf222e');
    expect(colorFor('Person 62')).toBe('#1f6feb');
  });

  it('draws the initials, escaped, on the colour at the asked size', () => {
    expect(avatarSvg(`"x <y`, 64, '#123456')).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 100 100">
<rect width="100" height="100" fill="#123456"/>
<text x="50" y="50" dy=".35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="40" fill="#fff">&quot;&lt;</text>
</svg>`,
    );
    expect(avatarSvg(`'>`, 32)).toContain('fill="#fff">&apos;&gt;</text>');
    expect(avatarSvg('&a', 32)).toContain('fill="#fff">&amp;A</text>');
    expect(avatarSvg('Karin Berg', 96)).toContain('<rect width="100" height="100" fill="#bf3989"/>');
  });

  it('renders the PNG at the highest compression', async () => {
    const svg = avatarSvg('Karin Berg', 96);
    const png = await renderPng(svg);
    expect(await size(png)).toEqual(['png', 96, 96]);
    const atDefault = await sharp(Buffer.from(svg)).png().toBuffer();
    expect(png.length).toBeLessThan(atDefault.length);
  });
});
