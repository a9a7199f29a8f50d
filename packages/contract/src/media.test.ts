import { describe, expect, it } from 'vitest';
import { CROP_RATIOS, cardRatio, cropFocal, cropHeight, croppedImage } from './media.js';

const HASH = '0123456789abcdef01234567';

describe('croppedImage: the crops of one of our pictures, from the article fields alone (issue 41)', () => {
  it('names every width of the ratio around the quantised focal point', () => {
    expect(croppedImage(`/uploads/${HASH}.webp`, '3x2', { x: 0.26, y: 0.74 })).toEqual({
      src: `/uploads/${HASH}-3x2-x25y75-w1600.webp`,
      srcSet: [
        `/uploads/${HASH}-3x2-x25y75-w480.webp 480w`,
        `/uploads/${HASH}-3x2-x25y75-w960.webp 960w`,
        `/uploads/${HASH}-3x2-x25y75-w1600.webp 1600w`,
      ].join(', '),
      width: 1600,
      height: 1067,
    });
  });

  it('has width and height attributes of the ratio', () => {
    expect(croppedImage(`/uploads/${HASH}.webp`, '16x9', null)).toMatchObject({ width: 1600, height: 900 });
    expect(croppedImage(`/uploads/${HASH}.webp`, '1x1', null)).toMatchObject({ width: 1600, height: 1600 });
  });

  it('crops around the centre without a focal point', () => {
    expect(croppedImage(`/uploads/${HASH}.webp`, '16x9', null)?.src).toBe(`/uploads/${HASH}-16x9-x50y50-w1600.webp`);
    expect(croppedImage(`/uploads/${HASH}.webp`, '1x1', undefined)?.srcSet).toContain(
      `/uploads/${HASH}-1x1-x50y50-w480.webp 480w`,
    );
  });

  it.each([
    ['an outside address', 'https://example.com/bild.jpg'],
    ['an SVG placeholder', '/demo/scen.svg'],
    ['a width variant, not the main file', `/uploads/${HASH}-w480.webp`],
    ['a hash of the wrong length', '/uploads/0123.webp'],
    ['nothing', null],
    ['an empty address', ''],
  ])('has no crops for %s', (_what, url) => {
    expect(croppedImage(url, '3x2', { x: 0.5, y: 0.5 })).toBeUndefined();
  });
});

describe('cropFocal: a bounded set of focal points', () => {
  it.each([
    [{ x: 0, y: 1 }, [0, 100]],
    [{ x: 0.5, y: 0.5 }, [50, 50]],
    [{ x: 0.024, y: 0.025 }, [0, 5]],
    [{ x: 0.974, y: 0.976 }, [95, 100]],
    [{ x: 0.333, y: 0.666 }, [35, 65]],
    // out of range or not a number: clamped, or the centre
    [{ x: -2, y: 7 }, [0, 100]],
    [{ x: Number.NaN, y: 0.1 }, [50, 10]],
    [null, [50, 50]],
  ])('%o → %o percent', (focal, expected) => {
    const got = cropFocal(focal);
    expect(got).toEqual(expected);
    for (const v of got) expect(v % 5).toBe(0);
  });
});

describe('cropHeight', () => {
  it.each(CROP_RATIOS)('%s keeps its ratio at every width', (ratio) => {
    const [w, h] = ratio.split('x').map(Number) as [number, number];
    for (const width of [480, 960, 1600]) expect(Math.abs(cropHeight(ratio, width) - (width * h) / w)).toBeLessThan(1);
  });
  it('rounds to whole pixels', () => {
    expect([cropHeight('3x2', 480), cropHeight('16x9', 480), cropHeight('3x2', 1600)]).toEqual([320, 270, 1067]);
  });
});

describe('cardRatio: the ratio a card shows, as the CSS lays it out', () => {
  it.each([
    [undefined, '3x2'],
    [{ size: 'large', lead: false }, '3x2'],
    [{ size: 'medium', lead: false }, '3x2'],
    [{ size: 'large', lead: true }, '16x9'],
    [{ size: 'medium', lead: true }, '16x9'],
    [{ size: 'small', lead: false }, '1x1'],
    [{ size: 'small', lead: true }, '1x1'],
  ] as const)('%o → %s', (slot, ratio) => {
    expect(cardRatio(slot)).toBe(ratio);
  });
});
