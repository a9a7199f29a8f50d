import { formatArticleDate } from '../../../lib/format';

/**
 * When a correction was published, and when it was itself amended (issue 43): the article's box
 * and the page of all corrections date each correction the same way.
 */
export function CorrectionDate({ correction: c }: { correction: { created_at: string; amended_at: string | null } }) {
  return (
    <>
      <time dateTime={c.created_at}>{formatArticleDate(c.created_at)}</time>
      {c.amended_at && (
        <span className="correction-amended">
          {' '}
          (ändrad <time dateTime={c.amended_at}>{formatArticleDate(c.amended_at)}</time>)
        </span>
      )}
    </>
  );
}
