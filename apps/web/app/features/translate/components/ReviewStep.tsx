import { FormError } from '../../../components/FormField';
import { toParagraphs } from '../lib/paragraphs';
import { Step } from './Step';

export type ReviewView = 'original' | 'translation';

function TextView({ text, lang, label }: { text: string; lang: string; label: string }) {
  const paragraphs = toParagraphs(text);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="tr-review-text" lang={lang} tabIndex={0} aria-label={label} data-testid="review-text">
      {paragraphs.map((lines, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity of their own
        <p key={i}>
          {lines.map((line, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own
            <span key={j}>
              {j > 0 && <br />}
              {line}
            </span>
          ))}
        </p>
      ))}
    </section>
  );
}

/** Step 5: toggle between original and translation; export the translation as .docx. */
export function ReviewStep({
  original,
  translation,
  partial,
  view,
  onView,
  sourceLang,
  targetLang,
  onExport,
  exporting,
  exportError,
  canExport,
}: {
  original: string;
  translation: string;
  partial: boolean;
  view: ReviewView;
  onView: (v: ReviewView) => void;
  sourceLang: string;
  targetLang: string;
  onExport: () => void;
  exporting: boolean;
  exportError: string | null;
  canExport: boolean;
}) {
  const hasTranslation = translation.trim().length > 0;
  return (
    <Step n={5} title="Granska och exportera">
      {!original.trim() && !hasTranslation ? (
        <p className="tr-muted">Här visas texten och översättningen när du har extraherat och översatt.</p>
      ) : (
        <>
          <fieldset className="tr-toggle">
            <legend className="visually-hidden">Visa</legend>
            <button
              type="button"
              aria-pressed={view === 'original'}
              className={view === 'original' ? 'is-active' : undefined}
              onClick={() => onView('original')}
            >
              Original
            </button>
            <button
              type="button"
              aria-pressed={view === 'translation'}
              className={view === 'translation' ? 'is-active' : undefined}
              onClick={() => onView('translation')}
              disabled={!hasTranslation}
            >
              Översättning
            </button>
          </fieldset>
          {partial && hasTranslation && view === 'translation' && (
            <p className="form-info">Översättningen är ofullständig – bara de delar som hann översättas visas.</p>
          )}
          {view === 'original' || !hasTranslation ? (
            <TextView text={original} lang={sourceLang} label="Originaltext" />
          ) : (
            <TextView text={translation} lang={targetLang} label="Översättning" />
          )}
          <div className="tr-actions">
            <button type="button" className="button" onClick={onExport} disabled={!canExport || exporting}>
              {exporting ? 'Skapar Word-filen…' : 'Ladda ner som Word (.docx)'}
            </button>
            {!hasTranslation && <span className="tr-hint">Översätt texten först för att kunna ladda ner den.</span>}
          </div>
          <FormError msg={exportError} />
        </>
      )}
    </Step>
  );
}
