import { type ArticleCorrection, CORRECTION_BOX_TITLE, CORRECTIONS_PATH } from '@vaggen/contract';
import { Link } from 'react-router';
import { CorrectionDate } from './CorrectionDate';

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
            <CorrectionDate correction={c} />: {c.text}
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
