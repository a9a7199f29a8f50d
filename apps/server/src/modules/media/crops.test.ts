import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { croppedImage } from '@vaggen/contract';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipart, userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { CROP_CONCURRENCY, CROP_MSG, CROP_QUEUE, cropWindow } from './service.js';

/**
 * Issue 41 (decision 056): pictures cut on the server to 3:2, 16:9 and 1:1 around the focal point,
 * made on their first request and served from the storage after, on disk and on S3.
 *
 * The test picture, 1600 × 1200 on grey: a red column through x = 45 %, a blue row through y = 40 %
 * (the focal point used below), a green column at the left edge and a magenta row at the bottom.
 * A square crop moves sideways only (its centre column is red), a 16:9 one up and down only (its
 * centre row is blue); at the focal point's corners they stop at the picture's edges.
 */
const W = 1600;
const H = 1200;
async function testPicture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<rect width="${W}" height="${H}" fill="#808080"/>
<rect x="${0.45 * W - 40}" y="0" width="80" height="${H}" fill="#ff0000"/>
<rect x="0" y="${0.4 * H - 40}" width="${W}" height="80" fill="#0000ff"/>
<rect x="0" y="0" width="60" height="${H}" fill="#00ff00"/>
<rect x="0" y="${H - 60}" width="${W}" height="60" fill="#ff00ff"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

type Colour = 'red' | 'blue' | 'green' | 'magenta' | 'grey';
/** The colour of one pixel of an encoded picture (WebP is lossy: nearest of the picture's five). */
async function colourAt(img: Buffer, x: number, y: number): Promise<Colour> {
  const { data, info } = await sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (Math.round(y) * info.width + Math.round(x)) * 3;
  const [r, g, b] = [data[i], data[i + 1], data[i + 2]] as [number, number, number];
  const palette: [Colour, number[]][] = [
    ['red', [255, 0, 0]],
    ['blue', [0, 0, 255]],
    ['green', [0, 255, 0]],
    ['magenta', [255, 0, 255]],
    ['grey', [128, 128, 128]],
  ];
  const dist = (c: number[]) => (c[0] - r) ** 2 + (c[1] - g) ** 2 + (c[2] - b) ** 2;
  return palette.reduce((best, c) => (dist(c[1]) < dist(best[1]) ? c : best))[0];
}

async function startS3() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'media', configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      MEDIA_S3_BUCKET: 'media',
      MEDIA_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
      MEDIA_S3_PREFIX: `crops-${Date.now()}/`,
    },
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('cropWindow: the largest window of the ratio around the focal point, inside the picture', () => {
  it.each([
    ['1x1', 45, 40, { left: 120, top: 0, width: 1200, height: 1200 }],
    ['16x9', 45, 40, { left: 0, top: 30, width: 1600, height: 900 }],
    ['3x2', 50, 50, { left: 0, top: 67, width: 1600, height: 1067 }],
    // clamped at the edges
    ['1x1', 0, 0, { left: 0, top: 0, width: 1200, height: 1200 }],
    ['1x1', 100, 100, { left: 400, top: 0, width: 1200, height: 1200 }],
    ['16x9', 100, 100, { left: 0, top: 300, width: 1600, height: 900 }],
  ] as const)('%s of 1600 × 1200 at (%i %, %i %)', (ratio, fx, fy, box) => {
    expect(cropWindow(W, H, ratio, fx, fy)).toEqual(box);
  });
  it('a picture wider than the ratio is cut at the sides', () => {
    expect(cropWindow(1600, 400, '3x2', 90, 50)).toEqual({ left: 1000, top: 0, width: 600, height: 400 });
  });
});

const s3 = await startS3();
afterAll(() => s3.close());

describe.each(dialects.flatMap((d) => (['disk', 's3'] as const).map((s) => [d, s] as const)))(
  'crops on %s with media on %s (issue 41)',
  (dialect, store) => {
    let t: TestApp;
    let image: string;
    let hash: string;
    let article: { featured_image: string; featured_image_focal: { x: number; y: number } };
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    beforeAll(async () => {
      t = await createTestApp(dialect, { env: store === 's3' ? s3.env : {} });
      const writer = await userWithToken(t, 'fotografen', 'writer');
      const form = multipart({}, [
        { field: 'file', filename: 'bild.png', type: 'image/png', data: await testPicture() },
      ]);
      const up = await t.app.inject({
        method: 'POST',
        url: '/api/upload/image',
        headers: { ...writer.headers, ...form.headers },
        payload: form.payload,
      });
      expect(up.statusCode).toBe(200);
      image = up.json().url;
      hash = image.slice('/uploads/'.length, -'.webp'.length);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/articles',
        headers: writer.headers,
        payload: {
          title: 'Beskuren bild',
          content: '<p>Text</p>',
          category: 'NYHETER',
          featured_image: image,
          featured_image_focal: { x: 0.45, y: 0.4 },
        },
      });
      expect(created.statusCode).toBe(201);
      article = (await get(`/api/articles/${created.json().id}`)).json();
    });
    afterAll(() => t?.close());
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('cuts each ratio and width to its pixel size around the focal point, as the web names it', async () => {
      const made = vi.spyOn(t.app.services.media, 'makeCrop');
      // the addresses the web builds from the article's fields alone
      const square = croppedImage(article.featured_image, '1x1', article.featured_image_focal);
      const wide = croppedImage(article.featured_image, '16x9', article.featured_image_focal);
      const card = croppedImage(article.featured_image, '3x2', article.featured_image_focal);
      expect(square?.src).toBe(`/uploads/${hash}-1x1-x45y40-w1600.webp`);

      // 1:1, 480 wide: the window 1200 × 1200 from x = 120 (scale 0.4); its centre column is red
      const sq = await get(`/uploads/${hash}-1x1-x45y40-w480.webp`);
      expect(sq.statusCode).toBe(200);
      expect(sq.headers['content-type']).toBe('image/webp');
      expect(sq.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(sq.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 480 });
      expect(await colourAt(sq.rawPayload, 240, 20)).toBe('red');
      expect(await colourAt(sq.rawPayload, 240, 140)).toBe('red');
      expect(await colourAt(sq.rawPayload, 120, 300)).toBe('grey');
      expect(await colourAt(sq.rawPayload, 120, 0.4 * H * 0.4)).toBe('blue');

      // 16:9, 960 wide: the window 1600 × 900 from y = 30 (scale 0.6); its centre row is blue
      const wd = await get(wide?.srcSet.split(', ')[1]?.split(' ')[0] ?? 'no srcset');
      expect(wd.statusCode).toBe(200);
      expect(await sharp(wd.rawPayload).metadata()).toMatchObject({ width: 960, height: 540 });
      expect(await colourAt(wd.rawPayload, 900, 270)).toBe('blue');
      expect(await colourAt(wd.rawPayload, 900, 200)).toBe('grey');
      expect(await colourAt(wd.rawPayload, 0.45 * W * 0.6, 400)).toBe('red');

      // 3:2 at its largest width: the picture is 1600 wide, the window 1600 × 1067
      const cd = await get(card?.src as string);
      expect(cd.statusCode).toBe(200);
      const meta = await sharp(cd.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([1600, 1067]);
      expect(Math.abs((meta.width as number) / (meta.height as number) - 3 / 2)).toBeLessThan(0.002);
      expect(made).toHaveBeenCalledTimes(3);
      made.mockRestore();
    });

    it('stops the window at the picture’s edges (focal point in a corner)', async () => {
      // (0, 0): the square starts at the left edge, where the green column is
      const left = await get(`/uploads/${hash}-1x1-x0y0-w480.webp`);
      expect(left.statusCode).toBe(200);
      expect(await colourAt(left.rawPayload, 5, 300)).toBe('green');
      expect(await colourAt(left.rawPayload, 0.45 * W * 0.4, 300)).toBe('red');
      // (100 %, 100 %): the 16:9 window ends at the bottom edge, where the magenta row is
      const bottom = await get(`/uploads/${hash}-16x9-x100y100-w480.webp`);
      expect(await sharp(bottom.rawPayload).metadata()).toMatchObject({ width: 480, height: 270 });
      expect(await colourAt(bottom.rawPayload, 240, 267)).toBe('magenta');
      expect(await colourAt(bottom.rawPayload, 240, (0.4 * H - 300) * 0.3)).toBe('blue');
    });

    it('serves a crop from the storage once it is made: no second encode', async () => {
      const url = `/uploads/${hash}-3x2-x20y80-w480.webp`;
      const made = vi.spyOn(t.app.services.media, 'makeCrop');
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(made).toHaveBeenCalledTimes(1);
      const second = await get(url);
      expect(second.statusCode).toBe(200);
      expect(second.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
      expect(made).toHaveBeenCalledTimes(1);
      if (store === 'disk') expect(fs.existsSync(path.join(t.config.uploadsDir, url.slice(9)))).toBe(true);
      else expect(fs.existsSync(t.config.uploadsDir) ? fs.readdirSync(t.config.uploadsDir) : []).toEqual([]);
      made.mockRestore();
    });

    it('encodes a crop asked for twice at once only once', async () => {
      const url = `/uploads/${hash}-16x9-x50y50-w480.webp`;
      const made = vi.spyOn(t.app.services.media, 'makeCrop');
      const [a, b] = await Promise.all([get(url), get(url)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(made).toHaveBeenCalledTimes(1);
      made.mockRestore();
    });

    it.each([
      ['a ratio the web never asks for', '4x3-x50y50-w480', CROP_MSG.ratio],
      ['a width that is not stored', '3x2-x50y50-w500', CROP_MSG.width],
      ['a width with a leading zero', '3x2-x50y50-w0480', CROP_MSG.width],
      ['a focal point off the 5 % steps', '3x2-x52y50-w480', CROP_MSG.focal],
      ['a focal point past 100 %', '3x2-x50y105-w480', CROP_MSG.focal],
      ['a focal point with a leading zero', '3x2-x05y50-w480', CROP_MSG.focal],
    ])('refuses %s with 400 and why', async (_what, tail, msg) => {
      const made = vi.spyOn(t.app.services.media, 'makeCrop');
      const res = await get(`/uploads/${hash}-${tail}.webp`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(made).not.toHaveBeenCalled();
      made.mockRestore();
    });

    it('answers 404 for a picture we do not have, and for names that are no crop', async () => {
      const res = await get('/uploads/0123456789abcdef01234567-3x2-x50y50-w480.webp');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: CROP_MSG.unknown });
      expect((await get(`/uploads/${hash}-w123.webp`)).json()).toEqual({ msg: 'Not found' });
      expect((await get(`/uploads/${hash}-3x2.webp`)).statusCode).toBe(404);
      // broken percent-encoding and paths are no crop either, and no 500
      for (const bad of [
        '/uploads/%E0%A4%A',
        `/uploads/${hash}-3x2-x50y50-w480.webp%`,
        '/uploads/..%2F..%2Fetc%2Fpasswd',
      ]) {
        const res = await get(bad);
        expect([400, 404], bad).toContain(res.statusCode);
      }
    });

    it('past the encodes it allows, sends the uncropped picture of that width (never a broken one)', async () => {
      const media = t.app.services.media;
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      const made = vi.spyOn(media, 'makeCrop').mockImplementation(async () => {
        await held;
        return { data: Buffer.from('x') };
      });
      // every allowed encode under way or waiting (distinct crops: focal points on the 5 % steps)
      const busy = Array.from({ length: CROP_CONCURRENCY + CROP_QUEUE }, (_, i) =>
        get(`/uploads/${hash}-1x1-x${(i % 21) * 5}y${Math.floor(i / 21) * 5 + 50}-w960.webp`),
      );
      await vi.waitFor(() => expect(media.cropLoad).toBe(CROP_CONCURRENCY + CROP_QUEUE));
      expect(made).toHaveBeenCalledTimes(CROP_CONCURRENCY);
      const over = await get(`/uploads/${hash}-3x2-x10y10-w960.webp`);
      expect(over.statusCode).toBe(302);
      expect(over.headers.location).toBe(`/uploads/${hash}-w960.webp`);
      expect(over.headers['cache-control']).toBe('no-store');
      const overLargest = await get(`/uploads/${hash}-3x2-x10y10-w1600.webp`);
      expect(overLargest.headers.location).toBe(image);
      release();
      expect((await Promise.all(busy)).every((r) => r.statusCode === 200)).toBe(true);
      made.mockRestore();
    });

    it('deletes a picture’s crops with it', async () => {
      expect((await get(`/uploads/${hash}-1x1-x50y50-w480.webp`)).statusCode).toBe(200);
      expect(await t.app.services.media.removeStoredImage(image)).toBe(true);
      // not served from the storage any more, and not made again: the picture is gone
      const gone = await get(`/uploads/${hash}-1x1-x50y50-w480.webp`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ msg: CROP_MSG.unknown });
    });
  },
);

/** The attributes of the first `<img>` after `marker` in a page. */
function imgAfter(html: string, marker: string): Record<string, string> {
  const at = html.indexOf(marker);
  expect(at, marker).toBeGreaterThan(-1);
  const tag = /<img\s[^>]*>/.exec(html.slice(at))?.[0] ?? '';
  return Object.fromEntries(
    [...tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [(m[1] as string).toLowerCase(), m[2]]),
  );
}

describe.each(dialects)('pages with cropped pictures on %s (issue 41)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { web: true });
  });
  afterAll(() => t?.close());

  it('cards, fronts and the article page ask for the crop of their ratio; other pictures keep CSS’s crop', async () => {
    const admin = await userWithToken(t, 'bildredaktor', 'admin');
    const { url: ours } = await t.app.services.media.storeUpload(await testPicture());
    const hash = ours.slice(9, -5);
    const create = async (title: string, featured_image: string, focal: { x: number; y: number } | null) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/articles',
        headers: admin.headers,
        payload: { title, content: '<p>Text.</p>', category: 'NYHETER', featured_image, featured_image_focal: focal },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; slug: string };
    };
    const lead = await create('Toppen', ours, { x: 0.45, y: 0.4 });
    const small = await create('Notisen', ours, { x: 0.9, y: 0.1 });
    const outside = await create('Utifrån', 'https://bilder.example.se/hamn.jpg', { x: 0.2, y: 0.8 });
    const plain = await create('Vanlig', ours, { x: 0.333, y: 0.5 });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/newsroom/fronts/hem',
      headers: admin.headers,
      payload: {
        version: 0,
        slots: [
          { articleId: lead.id, size: 'large' },
          { articleId: small.id, size: 'small' },
          { articleId: outside.id, size: 'medium' },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const home = (await t.app.inject('/')).body;
    const card = (id: number) => imgAfter(home, `data-article-id="${id}"`);
    expect(card(lead.id)).toMatchObject({
      src: `/uploads/${hash}-16x9-x45y40-w1600.webp`,
      srcset: `/uploads/${hash}-16x9-x45y40-w480.webp 480w, /uploads/${hash}-16x9-x45y40-w960.webp 960w, /uploads/${hash}-16x9-x45y40-w1600.webp 1600w`,
      width: '1600',
      height: '900',
    });
    expect(card(lead.id).style).toBeUndefined();
    expect(card(small.id)).toMatchObject({ src: `/uploads/${hash}-1x1-x90y10-w1600.webp`, height: '1600' });
    expect(card(plain.id)).toMatchObject({ src: `/uploads/${hash}-3x2-x35y50-w1600.webp`, height: '1067' });
    // not ours: the whole picture, cut by CSS around its focal point
    expect(card(outside.id)).toMatchObject({
      src: 'https://bilder.example.se/hamn.jpg',
      style: 'object-position:20% 80%',
    });
    expect(card(outside.id).srcset).toBeUndefined();

    const page = (await t.app.inject(`/article/${lead.slug}`)).body;
    const figure = imgAfter(page, 'class="article-figure"');
    expect(figure).toMatchObject({ src: `/uploads/${hash}-16x9-x45y40-w1600.webp`, width: '1600', height: '900' });
    expect(figure.srcset).toContain(`/uploads/${hash}-16x9-x45y40-w480.webp 480w`);
    expect(figure.style).toBeUndefined();
    // and the page's picture is there to load
    const got = await t.app.inject(`/uploads/${hash}-16x9-x45y40-w480.webp`);
    expect([got.statusCode, (await sharp(got.rawPayload).metadata()).height]).toEqual([200, 270]);
  });
});
