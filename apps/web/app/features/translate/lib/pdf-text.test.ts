import { describe, expect, it } from 'vitest';
import { docxFileName, formatFileSize } from './format';
import { toParagraphs } from './paragraphs';
import { joinPages, pageTextFromItems } from './pdf-text';

const item = (str: string, y: number, opts: { x?: number; hasEOL?: boolean; height?: number } = {}) => ({
  str,
  dir: 'ltr',
  transform: [12, 0, 0, 12, opts.x ?? 72, y],
  width: str.length * 6,
  height: opts.height ?? 12,
  fontName: 'g_d0_f1',
  hasEOL: opts.hasEOL ?? false,
});

describe('pageTextFromItems', () => {
  it('joins items on a line, breaks lines, and makes a blank line at a paragraph gap', () => {
    const items = [
      item('Första ', 720),
      item('raden', 720, { x: 120, hasEOL: true }),
      item('', 720, { hasEOL: true }),
      item('Andra raden', 706),
      item('Nytt stycke', 670),
      { type: 'beginMarkedContent', id: 'x' },
      item('Samma rad', 670, { hasEOL: true }),
      item('efter EOL', 670),
    ];
    expect(pageTextFromItems(items)).toBe('Första raden\nAndra raden\n\nNytt styckeSamma rad\nefter EOL');
  });

  it('returns empty text for a page without text', () => {
    expect(pageTextFromItems([])).toBe('');
    expect(joinPages(['Sida ett', '', '  ', 'Sida tre'])).toBe('Sida ett\n\nSida tre');
  });
});

describe('toParagraphs', () => {
  it('splits at blank lines into paragraphs of lines', () => {
    expect(toParagraphs('Ett\ntvå \n\n\nTre\n')).toEqual([['Ett', 'två'], ['Tre']]);
  });
});

describe('formatting', () => {
  it('formats sizes in Swedish and names the Word file', () => {
    expect(formatFileSize(512)).toBe('512 byte');
    expect(formatFileSize(12_595)).toBe('12,3 kB');
    expect(formatFileSize(4.2 * 1024 * 1024)).toBe('4,2 MB');
    expect(docxFileName('Rapport 2025.PDF', 'sv')).toBe('Rapport 2025-sv.docx');
    expect(docxFileName('a/b:c.pdf', 'de')).toBe('a_b_c-de.docx');
  });
});
