import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './categories.js';
import { FRONT_KEYS, frontPath, HOME_FRONT, parseFront } from './fronts.js';

describe('front keys (issue 41)', () => {
  it('are home and every category in lower case, in menu order', () => {
    expect(FRONT_KEYS).toEqual([HOME_FRONT, ...CATEGORIES.map((c) => c.toLocaleLowerCase('sv-SE'))]);
  });
  it('parse any casing and name the reader page', () => {
    expect(parseFront('VÄRLDEN')).toBe('världen');
    expect(parseFront('Hem')).toBe('hem');
    expect(parseFront('okänd')).toBeNull();
    expect(frontPath('världen')).toBe('/category/v%C3%A4rlden');
    expect(frontPath('hem')).toBe('/');
  });
});
