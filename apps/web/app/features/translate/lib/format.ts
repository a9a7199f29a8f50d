import { formatDecimalSv } from '@vaggen/contract';

const number = { format: (n: number) => formatDecimalSv(n, 1) };
const integer = { format: (n: number) => formatDecimalSv(n, 0) };

/** A file size in Swedish: "512 byte", "12,3 kB", "4,2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${integer.format(bytes)} byte`;
  if (bytes < 1024 * 1024) return `${number.format(bytes / 1024)} kB`;
  return `${number.format(bytes / (1024 * 1024))} MB`;
}

/** A whole number with Swedish digit grouping ("12 345"). */
export function formatCount(n: number): string {
  return integer.format(n);
}

/** The Word file's name: the PDF's name without ".pdf", then the target language. */
export function docxFileName(pdfName: string, target: string): string {
  const base =
    pdfName
      .replace(/\.pdf$/i, '')
      .replace(/[\\/:*?"<>|]+/g, '_')
      .trim() || 'dokument';
  return `${base}-${target}.docx`;
}
