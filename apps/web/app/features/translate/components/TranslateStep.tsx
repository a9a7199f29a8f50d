import { TRANSLATE_MSG } from '@vaggen/contract';
import { ErrorBox, Step } from './Step';

export type JobView =
  | { status: 'idle' }
  | { status: 'running'; chunk: number; total: number; done: number }
  | { status: 'done' | 'failed' | 'cancelled'; total: number; done: number; replacements: number; message?: string };

/** Step 4: translate, chunk by chunk with visible progress; the user can stop it. */
export function TranslateStep({
  job,
  error,
  onTranslate,
  onCancel,
}: {
  job: JobView;
  error: string | null;
  onTranslate: () => void;
  onCancel: () => void;
}) {
  const running = job.status === 'running';
  return (
    <Step n={4} title="Översätt">
      <div className="tr-actions">
        <button type="button" className="button" onClick={onTranslate} disabled={running}>
          {running ? 'Översätter…' : job.status === 'idle' ? 'Översätt' : 'Översätt igen'}
        </button>
        {running && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Avbryt
          </button>
        )}
      </div>
      <div className="tr-progress-area" aria-live="polite">
        {running && (
          <div className="tr-progress">
            <p className="tr-status" role="status" data-testid="translate-progress">
              <span className="tr-spinner spinner" aria-hidden="true" />{' '}
              {TRANSLATE_MSG.chunkProgress(job.chunk, job.total)}
            </p>
            <progress max={job.total} value={job.done} aria-label="Översättningens förlopp">
              {job.done} av {job.total}
            </progress>
          </div>
        )}
        {job.status === 'done' && (
          <p className="form-success" data-testid="translate-done">
            Klart! {job.total > 1 ? `Alla ${job.total} delar är översatta.` : 'Texten är översatt.'}
            {job.replacements > 0 && ` ${job.replacements} specialord byttes ut före översättningen.`}
          </p>
        )}
        {job.status === 'cancelled' && (
          <p className="form-info">
            {TRANSLATE_MSG.cancelled}
            {job.done > 0 && ` ${job.done} av ${job.total} delar hann översättas och finns kvar nedan.`}
          </p>
        )}
      </div>
      {job.status === 'failed' && (
        <div className="tr-failed">
          <ErrorBox message={job.message ?? null} />
          {job.done > 0 && (
            <p className="tr-hint" data-testid="partial-note">
              {job.done} av {job.total} delar hann översättas. De finns kvar nedan och kan laddas ner.
            </p>
          )}
        </div>
      )}
      <ErrorBox message={error} />
    </Step>
  );
}
