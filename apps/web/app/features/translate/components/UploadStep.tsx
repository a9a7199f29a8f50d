import { useState } from 'react';
import { formatCount, formatFileSize } from '../lib/format';
import { ErrorBox, Step } from './Step';

export interface PdfInfo {
  name: string;
  size: number;
  pageCount: number;
}

export type FileState =
  | { status: 'idle' }
  | { status: 'loading'; name: string }
  | { status: 'ready'; info: PdfInfo }
  | { status: 'error'; message: string };

/** Step 1: choose a PDF (spec 001 §5: only application/pdf); shows its name, size and page count. */
export function UploadStep({ file, onFile }: { file: FileState; onFile: (f: File | null) => void }) {
  const [dragging, setDragging] = useState(false);
  return (
    <Step n={1} title="Ladda upp PDF">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a mouse shortcut; the file input is the keyboard path */}
      <div
        className={dragging ? 'tr-drop is-dragging' : 'tr-drop'}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          onFile(e.dataTransfer.files[0] ?? null);
        }}
      >
        <input
          id="tr-file"
          className="tr-file-input"
          type="file"
          accept="application/pdf,.pdf"
          aria-describedby="tr-file-hint"
          onChange={(e) => {
            onFile(e.currentTarget.files?.[0] ?? null);
            e.currentTarget.value = ''; // the same file can be chosen again
          }}
        />
        <label className="button button-dark tr-file-button" htmlFor="tr-file">
          Välj PDF-fil
        </label>
        <span className="tr-drop-text">eller dra och släpp en PDF-fil här</span>
      </div>
      <p className="tr-hint" id="tr-file-hint">
        Filen läses här i din webbläsare och laddas inte upp till Väggen. Texten måste vara sökbar – skannade sidor
        (bilder) innehåller ingen text att läsa.
      </p>
      {file.status === 'loading' && (
        <p className="tr-status" role="status">
          <span className="tr-spinner spinner" aria-hidden="true" /> Läser {file.name}…
        </p>
      )}
      {file.status === 'error' && <ErrorBox message={file.message} />}
      {file.status === 'ready' && (
        <dl className="tr-file-info" aria-label="Vald fil">
          <div>
            <dt>Fil</dt>
            <dd data-testid="file-name">{file.info.name}</dd>
          </div>
          <div>
            <dt>Storlek</dt>
            <dd data-testid="file-size">{formatFileSize(file.info.size)}</dd>
          </div>
          <div>
            <dt>Sidor</dt>
            <dd data-testid="file-pages">{formatCount(file.info.pageCount)}</dd>
          </div>
        </dl>
      )}
    </Step>
  );
}
