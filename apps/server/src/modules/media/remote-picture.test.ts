import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { isPublicAddress } from './fetch-image.js';

// Issue 17 finding 5: a profile picture given by URL is fetched once by the server from a public
// address, re-encoded and served from our origin; local addresses are refused (the test server
// below is on 127.0.0.1, so only AVATAR_FETCH_ALLOW_PRIVATE — honoured with NODE_ENV=test — lets it through).

let server: http.Server;
let base: string;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    if (req.url === '/bild.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.url === '/omdirigera') return res.writeHead(302, { location: '/bild.png' }).end();
    if (req.url === '/till-lokal') return res.writeHead(302, { location: 'http://localhost:1/x.png' }).end();
    if (req.url === '/text') return res.writeHead(200, { 'content-type': 'image/png' }).end('<svg onload=alert(1)>');
    if (req.url === '/stor') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(Buffer.alloc(6 * 1024 * 1024, 1));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('public addresses', () => {
  it('tells public unicast addresses from local, private, link-local and reserved ones', () => {
    for (const ip of ['8.8.8.8', '193.10.1.1', '2a00:1450:4010:c05::64']) expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
      'inte-en-adress',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });
});

describe.each(dialects)('profile pictures by URL and by upload on %s', (dialect) => {
  for (const allow of [false, true]) {
    describe(allow ? 'with the test-only allowance for local addresses' : 'as in production', () => {
      let t: TestApp;
      let headers: { authorization: string };
      beforeAll(async () => {
        t = await createTestApp(dialect, { env: allow ? { AVATAR_FETCH_ALLOW_PRIVATE: 'true' } : {} });
        headers = (await userWithToken(t, 'bildbytare', 'user')).headers;
      });
      afterAll(() => t?.close());
      const put = (profile_picture: string) =>
        t.app.inject({ method: 'PUT', url: '/api/profile', headers, payload: { profile_picture } });

      if (!allow) {
        it('refuses loopback, private and link-local targets, by address or by name', async () => {
          for (const url of [
            `${base}/bild.png`,
            'http://localhost:1/bild.png',
            'http://169.254.169.254/latest/meta-data',
            'http://[::1]/x.png',
            '//127.0.0.1/x.png',
          ]) {
            const res = await put(url);
            expect(res.statusCode, url).toBe(400);
            expect(res.json(), url).toEqual({
              msg: 'Bild-URL måste peka på en publik webbadress (inte en lokal eller intern adress).',
            });
          }
          const me = (await t.app.inject({ url: '/api/me', headers })).json();
          expect(String(me.profile_picture)).not.toContain('127.0.0.1');
        });
      } else {
        it('fetches once, re-encodes and serves the picture from our origin', async () => {
          for (const url of [`${base}/bild.png`, `${base}/omdirigera`]) {
            const res = await put(url);
            expect(res.statusCode, res.body).toBe(200);
            const pic = res.json().profile_picture as string;
            expect(pic).toMatch(/^\/uploads\/[0-9a-f]{24}\.webp$/);
            expect(fs.existsSync(path.join(t.config.uploadsDir, path.basename(pic)))).toBe(true);
            const served = await t.app.inject(pic);
            expect(served.statusCode).toBe(200);
            expect(served.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
          }
        });

        it('refuses what is not an image, too large, missing, or not http(s), with clear messages', async () => {
          const cases: [string, string][] = [
            [`${base}/text`, 'Adressen pekar inte på en bild (JPEG, PNG, GIF, WebP eller AVIF).'],
            [`${base}/stor`, 'Bilden på adressen är för stor (högst 5 MB).'],
            [
              `${base}/finns-inte.png`,
              'Bilden kunde inte hämtas från adressen. Kontrollera länken eller ladda upp bilden i stället.',
            ],
            [
              'http://127.0.0.1:9/stangd.png',
              'Bilden kunde inte hämtas från adressen. Kontrollera länken eller ladda upp bilden i stället.',
            ],
          ];
          for (const [url, msg] of cases) {
            const res = await put(url);
            expect(res.statusCode, url).toBe(400);
            expect(res.json(), url).toEqual({ msg });
          }
          const ftp = await put('ftp://example.com/x.png');
          expect(ftp.statusCode).toBe(400);
        });

        it('lets a user upload a picture', async () => {
          const form = multipart({}, [{ field: 'file', filename: 'jag.png', type: 'image/png', data: png }]);
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/profile/picture',
            headers: { ...headers, ...form.headers },
            payload: form.payload,
          });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().profile_picture).toMatch(/^\/uploads\/[0-9a-f]{24}\.webp$/);
          const svg = multipart({}, [
            { field: 'file', filename: 'x.png', type: 'image/png', data: Buffer.from('<svg onload=alert(1)>') },
          ]);
          const bad = await t.app.inject({
            method: 'POST',
            url: '/api/profile/picture',
            headers: { ...headers, ...svg.headers },
            payload: svg.payload,
          });
          expect(bad.statusCode).toBe(415);
        });
      }
    });
  }
});
