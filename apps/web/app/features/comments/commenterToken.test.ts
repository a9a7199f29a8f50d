import { COMMENTER_TOKEN_DAYS, COMMENTER_TOKEN_STORAGE_KEY } from '@vaggen/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepCommenterToken, readCommenterToken } from './api';

// Issue 43: a visitor's commenter token is kept for COMMENTER_TOKEN_DAYS after the latest comment,
// as the privacy policy says, and then forgotten.
const DAY = 24 * 3600 * 1000;
let store: Map<string, string>;

beforeEach(() => {
  store = new Map();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the commenter token', () => {
  it('is kept with its expiry and read back until then', () => {
    const now = Date.UTC(2026, 10, 29);
    keepCommenterToken('abc.sig', now);
    expect(store.get(COMMENTER_TOKEN_STORAGE_KEY)).toBe(`abc.sig|${now + COMMENTER_TOKEN_DAYS * DAY}`);
    expect(readCommenterToken(now + (COMMENTER_TOKEN_DAYS - 1) * DAY)).toBe('abc.sig');
  });

  it('is forgotten (and removed) once its days are over', () => {
    const now = Date.UTC(2026, 10, 29);
    keepCommenterToken('abc.sig', now);
    expect(readCommenterToken(now + COMMENTER_TOKEN_DAYS * DAY)).toBeNull();
    expect(store.has(COMMENTER_TOKEN_STORAGE_KEY)).toBe(false);
  });

  it('a new comment starts the days again', () => {
    const now = Date.UTC(2026, 10, 29);
    keepCommenterToken('abc.sig', now);
    keepCommenterToken('abc.sig', now + 20 * DAY);
    expect(readCommenterToken(now + 40 * DAY)).toBe('abc.sig');
  });

  it('one kept before it had a lifetime is used and given its days from now', () => {
    const now = Date.UTC(2026, 10, 29);
    store.set(COMMENTER_TOKEN_STORAGE_KEY, 'old.sig');
    expect(readCommenterToken(now)).toBe('old.sig');
    expect(store.get(COMMENTER_TOKEN_STORAGE_KEY)).toBe(`old.sig|${now + COMMENTER_TOKEN_DAYS * DAY}`);
  });

  it('a damaged value is no token', () => {
    store.set(COMMENTER_TOKEN_STORAGE_KEY, 'abc.sig|soon');
    expect(readCommenterToken()).toBeNull();
  });
});
