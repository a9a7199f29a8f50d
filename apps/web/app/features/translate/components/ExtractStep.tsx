import { TRANSLATE_CHUNK_THRESHOLD_TOKENS } from '@vaggen/contract';
import { useMemo } from 'react';
import { splitIntoChunks } from '../lib/chunk';
import { formatCount } from '../lib/format';
import { estimateTokens } from '../lib/tokens';
import { ErrorBox, Step } from './Step';

export interface RangeField {
  id: number;
  start: string;
  end: string;
}

/** Step 2: page ranges → text with pdf.js; shows the text (editable) and its estimated tokens. */
export function ExtractStep({
  pageCount,
  ranges,
  onRanges,
  onAddRange,
  onExtract,
  progress,
  error,
  text,
  onText,
  lang,
  extracted,
}: {
  pageCount: number | null;
  ranges: RangeField[];
  onRanges: (ranges: RangeField[]) => void;
  onAddRange: () => void;
  onExtract: () => void;
  progress: { done: number; total: number } | null;
  error: string | null;
  text: string;
  onText: (text: string) => void;
  lang: string;
  extracted: boolean;
}) {
  const busy = progress !== null;
  const tokens = estimateTokens(text);
  const chunks = useMemo(
    () => (estimateTokens(text) > TRANSLATE_CHUNK_THRESHOLD_TOKENS ? splitIntoChunks(text).length : 1),
    [text],
  );
  const set = (id: number, patch: Partial<RangeField>) =>
    onRanges(ranges.map((r) => (r.id === id ? { ...r, ...patch } : r)));

  return (
    <Step n={2} title="Extrahera text">
      {pageCount === null ? (
        <p className="tr-muted">Välj en PDF-fil i steg 1 först.</p>
      ) : (
        <form
          className="tr-ranges"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onExtract();
          }}
        >
          <p className="tr-hint" id="tr-ranges-hint">
            Ange vilka sidor som ska läsas (1–{pageCount}). Flera intervall läses i den ordning de står.
          </p>
          {ranges.map((r, i) => (
            <fieldset key={r.id} className="tr-range" aria-describedby="tr-ranges-hint">
              <legend className={ranges.length === 1 ? 'visually-hidden' : undefined}>Intervall {i + 1}</legend>
              <PageField
                id={`tr-start-${r.id}`}
                label="Från sida"
                value={r.start}
                max={pageCount}
                invalid={!!error}
                onChange={(v) => set(r.id, { start: v })}
              />
              <PageField
                id={`tr-end-${r.id}`}
                label="Till sida"
                value={r.end}
                max={pageCount}
                invalid={!!error}
                onChange={(v) => set(r.id, { end: v })}
              />
              {ranges.length > 1 && (
                <button
                  type="button"
                  className="button button-secondary button-small tr-range-remove"
                  onClick={() => onRanges(ranges.filter((x) => x.id !== r.id))}
                  aria-label={`Ta bort intervall ${i + 1}`}
                >
                  Ta bort
                </button>
              )}
            </fieldset>
          ))}
          <div className="tr-actions">
            <button type="button" className="button button-secondary" onClick={onAddRange} disabled={busy}>
              Lägg till intervall
            </button>
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Extraherar…' : 'Extrahera text'}
            </button>
          </div>
          {busy && (
            <p className="tr-status" role="status">
              <span className="tr-spinner spinner" aria-hidden="true" /> Läser sidorna… {progress.done} av{' '}
              {progress.total} klara
            </p>
          )}
          <ErrorBox message={error} />
        </form>
      )}

      {(extracted || text) && (
        <div className="tr-field tr-text-field">
          <label htmlFor="tr-text">Extraherad text</label>
          <textarea
            className="control"
            id="tr-text"
            lang={lang}
            rows={12}
            value={text}
            spellCheck={false}
            onChange={(e) => onText(e.currentTarget.value)}
            aria-describedby="tr-text-stats"
          />
          <p className="tr-hint" id="tr-text-stats" data-testid="text-stats">
            {formatCount(text.length)} tecken · uppskattat {formatCount(tokens)} tokens (1 token ≈ 4 tecken)
            {chunks > 1 && ` · översätts i ${chunks} delar`}. Du kan rätta texten innan du översätter.
          </p>
          {extracted && !text.trim() && (
            <p className="form-info" role="status">
              Ingen text hittades på de valda sidorna. Skannade sidor är bilder och innehåller ingen text att läsa.
            </p>
          )}
        </div>
      )}
    </Step>
  );
}

/** One page-number field of a range (1 … the PDF's page count). */
function PageField({
  id,
  label,
  value,
  max,
  invalid,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  max: number;
  invalid: boolean;
  onChange(value: string): void;
}) {
  return (
    <div className="tr-field tr-field-page">
      <label htmlFor={id}>{label}</label>
      <input
        className="control"
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </div>
  );
}
