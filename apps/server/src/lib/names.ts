import { stripControlChars, withoutInvisible } from '@vaggen/contract';
import unhomoglyph from 'unhomoglyph';

/**
 * A person's name as compared for reserved names (issue 17): Unicode NFKC (so full-width or
 * ligature look-alikes fold), spaces trimmed and collapsed, lower case.
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Issue 40 (finding 12): a name as it looks, for "is this a staff name?". After the invisible and
 * bidirectional formatting characters and every space are removed ("Anna\u200bLindqvist",
 * "\u202eAnna Lindqvist", "AnnaLindqvist"), NFKC and lower case, each character becomes the
 * prototype of its confusables class — Unicode TS #39's skeleton (NFD, map, NFD), with the data of
 * Unicode's confusables.txt from `unhomoglyph` — so the Cyrillic "А" in "Аnna" is "a".
 */
export function nameSkeleton(name: string): string {
  const plain = withoutInvisible(stripControlChars(name)).normalize('NFKC').replace(/\s+/g, '').toLowerCase();
  return unhomoglyph(plain.normalize('NFD')).normalize('NFD').toLowerCase();
}
