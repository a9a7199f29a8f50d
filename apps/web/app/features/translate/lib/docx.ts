// The docx library: this module is imported dynamically by the /translate page only.
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { toParagraphs } from './paragraphs';

/**
 * A Word document whose paragraphs follow the text's paragraphs: one paragraph per
 * blank-line-separated paragraph, single newlines inside it as line breaks.
 */
export function buildDocument(text: string, opts: { title?: string } = {}): Document {
  const paragraphs = toParagraphs(text).map(
    (lines) =>
      new Paragraph({
        spacing: { after: 200 },
        children: lines.map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : undefined })),
      }),
  );
  return new Document({
    creator: 'Väggen',
    title: opts.title,
    styles: { default: { document: { run: { font: 'Calibri', size: 24 } } } },
    sections: [{ children: paragraphs }],
  });
}

/** The .docx file as a Blob, built in the browser. */
export function buildDocxBlob(text: string, opts: { title?: string } = {}): Promise<Blob> {
  return Packer.toBlob(buildDocument(text, opts));
}
