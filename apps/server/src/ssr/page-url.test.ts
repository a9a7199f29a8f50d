import { describe, expect, it } from 'vitest';
import { splitTracking, withTracking } from './page-url.js';

const withoutTracking = (url: string) => splitTracking(url).page;

describe('splitTracking', () => {
  it('drops campaign tags and click ids, and the ? when nothing is left', () => {
    expect(withoutTracking('/article/a-1?utm_source=facebook&utm_medium=social&fbclid=IwAR0abc')).toBe('/article/a-1');
    expect(withoutTracking('/?gclid=x&UTM_Campaign=y&_gl=1*abc')).toBe('/');
    expect(withoutTracking('/article/a-1?')).toBe('/article/a-1');
  });

  it('keeps every other parameter in its order and spelling', () => {
    expect(withoutTracking('/sok?q=sm%C3%A5+barn&utm_source=nyhetsbrev&cursor=abc%3D')).toBe(
      '/sok?q=sm%C3%A5+barn&cursor=abc%3D',
    );
    expect(withoutTracking('/category/sport?sida=2')).toBe('/category/sport?sida=2');
    // a parameter merely starting like one is kept; so is one whose name cannot be decoded
    expect(withoutTracking('/x?utmost=1&fbclidx=2&%E0%A4%A=3')).toBe('/x?utmost=1&fbclidx=2&%E0%A4%A=3');
    expect(withoutTracking('/x?a=1&&b=2')).toBe('/x?a=1&b=2');
    expect(withoutTracking('/x')).toBe('/x');
  });

  it('hands the tracking parameters to a redirect', () => {
    expect(splitTracking('/article/gammal?utm_source=fb&sida=2&fbclid=x')).toEqual({
      page: '/article/gammal?sida=2',
      tracking: 'utm_source=fb&fbclid=x',
    });
    expect(withTracking('/article/ny', 'utm_source=fb')).toBe('/article/ny?utm_source=fb');
    expect(withTracking('/periodic-table?element=8#x', 'fbclid=y')).toBe('/periodic-table?element=8&fbclid=y#x');
    expect(withTracking('/article/ny', '')).toBe('/article/ny');
  });
});
