// pdf.js and its worker: this module is imported dynamically by the /translate page only.
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { pageTextFromItems } from './pdf-text';

GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = PDFDocumentProxy;

/** Opens a PDF from the user's file, in the browser (nothing is uploaded). */
export async function openPdf(file: Blob): Promise<PdfDocument> {
  const data = new Uint8Array(await file.arrayBuffer());
  return getDocument({ data, isEvalSupported: false }).promise;
}

/** The text of the given pages (1-based), in order; `onPage` reports progress. */
export async function extractPages(
  doc: PdfDocument,
  pages: readonly number[],
  onPage?: (done: number, total: number) => void,
): Promise<string[]> {
  const texts: string[] = [];
  for (const [i, n] of pages.entries()) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    texts.push(pageTextFromItems(content.items));
    page.cleanup();
    onPage?.(i + 1, pages.length);
  }
  return texts;
}
