import { splitParagraphs } from './chunk';

/**
 * A text as paragraphs of lines: blank lines separate paragraphs, single newlines inside a
 * paragraph are line breaks. The review view and the Word export both use it.
 */
export function toParagraphs(text: string): string[][] {
  return splitParagraphs(text).map((p) => p.split('\n').map((line) => line.trim()));
}
