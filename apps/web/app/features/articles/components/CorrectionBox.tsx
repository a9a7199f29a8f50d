import { type ArticleCorrection, CORRECTION_BOX_TITLE, CORRECTIONS_PATH } from '@vaggen/contract';
import { Link } from 'react-router';
import { formatArticleDate } from '../../../lib/format';

/**
 * Issue 43: an article's corrections at its top, newest first, each with its date (and when it
 * was itself amended). Readers see what was corrected before they read on (press ethics).
 */
export function CorrectionBox({ corrections }: { corrections: ArticleCorrection[] }) {
  if (corrections.length === 0) return null;
  return (
    <aside className="correction-box" aria-labelledby="rattelse-rubrik">
      <h2 id="rattelse-rubrik" className="correction-title">
        {CORRECTION_BOX_TITLE}
      </h2>
      <ul className="correction-list">
        {corrections.map((c) => (
          <li key={c.id} id={`rattelse-${c.id}`}>
            <time dateTime={c.created_at}>{formatArticleDate(c.created_at)}</time>
            {c.amended_at && (
              <span className="correction-amended">
                {' '}
                (ändrad <time dateTime={c.amended_at}>{formatArticleDate(c.amended_at)}</time>)
              </span>
            )}
            : {c.text}
            {c.what_was_wrong && <span className="correction-wrong"> Fel: {c.what_was_wrong}</span>}
          </li>
        ))}
      </ul>
      <Link className="correction-all" to={CORRECTIONS_PATH}>
        Alla rättelser
      </Link>
    </aside>
  );
}
