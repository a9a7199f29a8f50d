import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.js';
import { copyMedia } from './copy.js';
import { LocalStorage, type MediaStorage, S3Storage } from './index.js';

/** An S3-compatible server of the test's own (npm s3rver), reached with the production client code. */
async function startS3(): Promise<{
  env: Record<string, string>;
  settings: ConstructorParameters<typeof S3Storage>[0];
  close(): Promise<void>;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'media', configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: {
      MEDIA_S3_BUCKET: 'media',
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    settings: {
      bucket: 'media',
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: '',
    },
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

let s3: Awaited<ReturnType<typeof startS3>>;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const adapters: [string, () => MediaStorage][] = [
  [
    'local disk',
    () => {
      const d = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-media-'));
      dirs.push(d);
      return new LocalStorage(d);
    },
  ],
  ['S3-compatible storage', () => new S3Storage({ ...s3.settings, prefix: `run-${Date.now()}-${Math.random()}/` })],
];

describe.each(adapters)('media storage contract: %s', (_name, make) => {
  it('stores once, reads back, lists, and says what is missing', async () => {
    const st = make();
    await st.check();
    expect(await st.exists('abc.webp')).toBe(false);
    expect(await st.get('abc.webp')).toBeNull();
    await st.putOnce('abc.webp', Buffer.from('first'), 'image/webp');
    await st.putOnce('abc.webp', Buffer.from('second'), 'image/webp'); // names are content hashes: kept
    expect(await st.exists('abc.webp')).toBe(true);
    const obj = await st.get('abc.webp');
    expect(obj?.contentType).toBe('image/webp');
    expect(obj?.size).toBe(5);
    expect((await buffer(obj?.body as NodeJS.ReadableStream)).toString()).toBe('first');
    await st.putOnce('abd-w480.webp', Buffer.from('x'), 'image/webp');
    const names: string[] = [];
    for await (const n of st.list()) names.push(n);
    expect(names.sort()).toEqual(['abc.webp', 'abd-w480.webp']);
    // a deleted account's picture goes (issue 21); removing a missing object is no error
    await st.remove('abc.webp');
    await st.remove('finns-inte.webp');
    expect(await st.exists('abc.webp')).toBe(false);
    expect(await st.exists('abd-w480.webp')).toBe(true);
    st.close();
  });
});

describe('media on S3-compatible storage', () => {
  it('an image uploaded through one node is served by another, with its resized variants', async () => {
    const a = await createTestApp('sqlite', { env: s3.env });
    const b = await createTestApp('sqlite', { env: s3.env });
    try {
      expect((await a.app.inject('/readyz')).json()).toEqual({
        ready: true,
        checks: { database: 'ok', storage: 'ok' },
      });
      const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3366aa' } })
        .png()
        .toBuffer();
      const { url } = await a.app.services.media.storeUpload(png);
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{24}\.webp$/);
      const res = await b.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      const small = await b.app.inject(url.replace('.webp', '-w480.webp'));
      expect(small.statusCode).toBe(200);
      expect((await sharp(small.rawPayload).metadata()).width).toBe(480);
      // Nothing on either node's disk.
      expect(fs.existsSync(a.config.uploadsDir) ? fs.readdirSync(a.config.uploadsDir) : []).toEqual([]);
      const missing = await b.app.inject('/uploads/000000000000000000000000.webp');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ msg: 'Not found' });
      expect((await b.app.inject('/uploads/..%2Fsecret.key')).statusCode).toBe(404);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('is not ready when the bucket does not answer', async () => {
    const t = await createTestApp('sqlite', { env: { ...s3.env, MEDIA_S3_BUCKET: 'finns-inte' } });
    try {
      const res = await t.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.storage).not.toBe('ok');
    } finally {
      await t.close();
    }
  });

  it('copies existing local media into the bucket, and again only what is new', async () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'vaggen-media-'));
    dirs.push(d);
    const local = new LocalStorage(d);
    await local.putOnce('one.webp', Buffer.from('1'), 'image/webp');
    await local.putOnce('two.webp', Buffer.from('2'), 'image/webp');
    const bucket = new S3Storage({ ...s3.settings, prefix: `copy-${Date.now()}/` });
    expect(await copyMedia(local, bucket)).toEqual({ seen: 2, copied: 2 });
    await local.putOnce('three.webp', Buffer.from('3'), 'image/webp');
    expect(await copyMedia(local, bucket)).toEqual({ seen: 3, copied: 1 });
    expect((await buffer((await bucket.get('three.webp'))?.body as NodeJS.ReadableStream)).toString()).toBe('3');
    bucket.close();
  });
});
