import { describe, expect, it } from 'vitest';
import { move } from './board';

describe('moving a slot on the board', () => {
  it('moves up, down, and stays within the list', () => {
    expect(move(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 5)).toEqual(['a', 'b', 'c']);
  });
});
