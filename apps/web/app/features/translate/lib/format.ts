import { formatDecimalSv } from '@vaggen/contract';

/** A file size in Swedish: "512 byte", "12,3 kB", "4,2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatDecimalSv(bytes, 0)} byte`;
  if (bytes < 1024 * 1024) return `${formatDecimalSv(bytes / 1024, 1)} kB`;
  return `${formatDecimalSv(bytes / (1024 * 1024), 1)} MB`;
}

/** A whole number with Swedish digit grouping ("12 345"). */
export function formatCount(n: number): string {
  return formatDecimalSv(n, 0);
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
