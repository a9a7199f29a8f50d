import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { avatarSvg, colorFor, initials } from './service.js';

describe('initials avatars', () => {
  it('takes the first and last initial, or the first two letters of one word', () => {
    expect(initials('Karin Berg')).toBe('KB');
    expect(initials('Anna Maria Öberg')).toBe('AÖ');
    expect(initials('åsa')).toBe('ÅS');
    expect(initials('olle_ek')).toBe('OE');
    expect(initials('  ')).toBe('?');
  });

  it('escapes the name and keeps one colour per name', () => {
    const svg = avatarSvg('<script> &', 96);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;&amp;');
    expect(colorFor('Karin Berg')).toBe(colorFor('Karin Berg'));
  });
});

describe.each(dialects)('GET /api/avatar on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('is our own PNG of the asked size (96 by default), cacheable by browsers and CDNs', async () => {
    const res = await t.app.inject('/api/avatar?name=Karin%20Berg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 96, height: 96 });

    for (const size of [16, 32, 42, 512]) {
      const sized = await t.app.inject(`/api/avatar?name=Karin%20Berg&size=${size}`);
      expect(sized.statusCode).toBe(200);
      expect(await sharp(sized.rawPayload).metadata()).toMatchObject({ width: size, height: size });
    }
    // the same answer again (served from the server's cache)
    const again = await t.app.inject('/api/avatar?name=Karin%20Berg');
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    // a different name is a different picture
    const other = await t.app.inject('/api/avatar?name=Olle%20Ek');
    expect(other.rawPayload.equals(res.rawPayload)).toBe(false);
  });

  it('answers bad input with 400 and a message', async () => {
    const cases: [string, string][] = [
      ['/api/avatar', 'name'],
      ['/api/avatar?name=', 'name'],
      ['/api/avatar?name=%20%20', 'name'],
      [`/api/avatar?name=${'x'.repeat(101)}`, 'name'],
      ['/api/avatar?name=A&size=15', 'size'],
      ['/api/avatar?name=A&size=513', 'size'],
      ['/api/avatar?name=A&size=4.5', 'size'],
      ['/api/avatar?name=A&size=stor', 'size'],
    ];
    for (const [url, field] of cases) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg, url).toContain(`Invalid request: ${field}`);
    }
  });
});
