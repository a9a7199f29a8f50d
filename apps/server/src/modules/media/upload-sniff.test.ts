import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

type Who = Awaited<ReturnType<typeof userWithToken>>;

const NOT_IMAGE = 'Filen är ingen bild som stöds (JPEG, PNG, WebP, GIF eller AVIF)';
const BROKEN = 'Bilden gick inte att läsa';

/**
 * An upload is judged by its bytes, never by its name or declared type. Files that sharp could
 * decode but that are not one of the five supported formats (SVG with a size, TIFF, BMP-like data)
 * must be refused by the byte sniff itself, so these tests fail if the sniff is skipped.
 */
describe.each(dialects)('upload byte sniff on %s', (dialect) => {
  let t: TestApp;
  let writer: Who;
  let png: Buffer;
  const svgWithSize = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80" fill="#c33"/></svg>',
  );
  let tiff: Buffer;

  const upload = (file: { filename: string; type: string; data: Buffer }) => {
    const form = multipart({}, [{ field: 'file', ...file }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      headers: { ...writer.headers, ...form.headers },
      payload: form.payload,
    });
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    writer = await userWithToken(t, 'bildskribent', 'writer');
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    tiff = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3c6' } })
      .tiff()
      .toBuffer();
    // sharp itself reads both: only the sniff stands between them and the uploads folder
    expect((await sharp(svgWithSize).metadata()).width).toBe(120);
    expect((await sharp(tiff).metadata()).format).toBe('tiff');
  });
  afterAll(() => t?.close());

  it.each([
    ['text named .jpg, sent as image/jpeg', 'bild.jpg', 'image/jpeg', () => Buffer.from('hej hej det här är text')],
    ['an SVG with a width and height, named .png', 'bild.png', 'image/png', () => svgWithSize],
    ['an SVG with a width and height, as image/svg+xml', 'bild.svg', 'image/svg+xml', () => svgWithSize],
    ['a TIFF (decodable, not supported) named .jpg', 'foto.jpg', 'image/jpeg', () => tiff],
    ['eleven bytes of a PNG signature', 'liten.png', 'image/png', () => png.subarray(0, 11)],
  ])('refuses %s: 415 with the not-an-image message', async (_what, filename, type, data) => {
    const res = await upload({ filename, type, data: data() });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ msg: NOT_IMAGE });
  });

  it('tells a file that starts like a JPEG but does not decode apart: 415 with the unreadable message', async () => {
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html><script>alert(1)</script></html>'.repeat(10)),
    ]);
    const res = await upload({ filename: 'p.jpg', type: 'image/jpeg', data: polyglot });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ msg: BROKEN });
  });

  it('accepts a real PNG whatever it is called or declared as', async () => {
    const res = await upload({ filename: 'dokument.txt', type: 'text/plain', data: png });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^\/uploads\/[0-9a-f]{24}\.webp$/);
  });

  it.each([
    ['gif', (s: sharp.Sharp) => s.gif()],
    ['webp', (s: sharp.Sharp) => s.webp()],
    ['jpeg', (s: sharp.Sharp) => s.jpeg()],
  ])('accepts a real %s', async (kind, encode) => {
    const data = await encode(sharp({ create: { width: 20, height: 20, channels: 3, background: '#999' } })).toBuffer();
    const res = await upload({ filename: `bild.${kind}`, type: `image/${kind}`, data });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('applies the same sniff to the image of an article published with an API key', async () => {
    const key = (await t.app.inject({ method: 'POST', url: '/api/api-token', headers: writer.headers })).json()
      .api_token as string;
    const publish = (data: Buffer) => {
      const form = multipart({ title: 'Med bild', category: 'NYHETER', content: 'Text.' }, [
        { field: 'image', filename: 'foto.png', type: 'image/png', data },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/articles/external',
        headers: { ...form.headers, 'x-api-key': key },
        payload: form.payload,
      });
    };
    for (const data of [svgWithSize, tiff]) {
      const res = await publish(data);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ msg: NOT_IMAGE });
    }
    const ok = await publish(png);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().featured_image).toMatch(/^\/uploads\/[0-9a-f]{24}\.webp$/);
  });
});
