/** The parts of a pdf.js text item this module reads (pdf.js's `TextItem`; marked-content items lack `str`). */
export interface TextItemLike {
  str: string;
  transform: number[];
  height: number;
  hasEOL?: boolean;
}

function isTextItem(item: unknown): item is TextItemLike {
  return !!item && typeof item === 'object' && typeof (item as TextItemLike).str === 'string';
}

/**
 * One page's text from pdf.js text items. Items on the same baseline join; a move to a new line
 * gives a newline, and a gap of clearly more than one line height gives a blank line (a new
 * paragraph), so that paragraphs survive into the translation and the Word file.
 */
export function pageTextFromItems(items: readonly unknown[]): string {
  let text = '';
  let lastY: number | null = null;
  let lastHeight = 0;
  let pendingEol = false;
  /** Ends the text with at least `n` newlines (1: new line, 2: new paragraph). */
  const breakLine = (n: 1 | 2) => {
    text = text.replace(/[^\S\n]+$/, '');
    if (!text) return;
    const have = text.length - text.replace(/\n+$/, '').length;
    if (have < n) text += '\n'.repeat(n - have);
  };
  for (const item of items) {
    if (!isTextItem(item)) continue;
    if (item.str) {
      const y = Number(item.transform?.[5] ?? 0);
      const height = Math.abs(item.height || Number(item.transform?.[3]) || 0) || 12;
      if (lastY !== null) {
        const lineHeight = Math.max(height, lastHeight);
        const dy = Math.abs(lastY - y);
        if (dy > lineHeight * 0.5) breakLine(dy > lineHeight * 1.8 ? 2 : 1);
        else if (pendingEol) breakLine(1);
      }
      text += item.str;
      lastY = y;
      lastHeight = height;
      pendingEol = false;
    }
    if (item.hasEOL) pendingEol = true;
  }
  return tidy(text);
}

/** Trims lines, collapses runs of blank lines to one and drops leading and trailing space. */
export function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The extracted pages, in order, separated by blank lines (empty pages leave nothing). */
export function joinPages(pages: readonly string[]): string {
  return pages.filter((p) => p.trim()).join('\n\n');
}
