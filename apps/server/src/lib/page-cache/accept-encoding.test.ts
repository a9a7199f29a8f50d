import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, makeAuthor, type TestApp } from '../../../test/helpers.js';
import { preferredEncoding } from './accept-encoding.js';

const buildDir = path.resolve(process.env.WEB_BUILD_DIR || path.join(import.meta.dirname, '../../../../web/build'));
const built = fs.existsSync(path.join(buildDir, 'server/index.js'));

/** What each Accept-Encoding value must get (undefined: the plain body). */
const CASES: [string, string | undefined][] = [
  ['br;q=0, gzip', 'gzip'],
  ['gzip;q=0', undefined],
  ['gzip;q=0, br', 'br'],
  ['br, gzip', 'br'],
  ['gzip, br;q=0.5', 'gzip'],
  ['br;q=0, gzip;q=0', undefined],
  ['identity', undefined],
];

/**
 * Issue 40, finding 11: `Accept-Encoding: br;q=0, gzip` still got brotli and `gzip;q=0` still got
 * gzip, on pages, `/api/articles` and `/rss.xml` (the page cache matched the names and ignored the
 * q-values). Every answer honours them now: cached pages and JSON, feeds, compressed on the fly,
 * and the build's pre-compressed files.
 */
describe.skipIf(!built).each(dialects)('Accept-Encoding q-values (%s)', (dialect) => {
  let t: TestApp;
  let asset: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { web: true, env: { WEB_BUILD_DIR: buildDir } });
    const authorId = await makeAuthor(t);
    for (let i = 0; i < 8; i++) {
      await t.app.services.articles.create({
        title: `Lång artikel ${i}`,
        content: `<p>${'Text som går att packa. '.repeat(80)}</p>`,
        category: 'SPORT',
        authorId,
        authorName: 'Sara Skribent',
        featuredImage: null,
      });
    }
    const big = fs
      .readdirSync(path.join(buildDir, 'client/assets'))
      .filter((f) => f.endsWith('.js') && fs.existsSync(path.join(buildDir, 'client/assets', `${f}.gz`)))
      .sort(
        (a, b) =>
          fs.statSync(path.join(buildDir, 'client/assets', b)).size -
          fs.statSync(path.join(buildDir, 'client/assets', a)).size,
      );
    asset = `/assets/${big[0]}`;
  });
  afterAll(() => t?.close());

  it('honours the q-values on pages, the article API, feeds, compressed and pre-compressed answers', async () => {
    const failures: string[] = [];
    for (const url of ['/category/sport', '/api/articles', '/rss.xml', '/api/docs', asset]) {
      // twice: the first answer is rendered (a miss), the second comes from the cache
      for (const round of [1, 2]) {
        for (const [header, want] of CASES) {
          const res = await t.app.inject({ url, headers: { 'accept-encoding': header } });
          const got = res.headers['content-encoding'];
          if (res.statusCode !== 200 || got !== want) {
            failures.push(
              `${url} (${round}) "${header}": ${res.statusCode} ${got ?? 'plain'}, want ${want ?? 'plain'}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('preferredEncoding', () => {
  it('reads q-values, the wildcard and no header', () => {
    for (const [header, want] of CASES) expect(preferredEncoding(header), header).toBe(want);
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('BR;Q=0, GZIP')).toBe('gzip');
  });
});
