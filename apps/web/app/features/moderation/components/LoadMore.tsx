import type { CursorList } from '../hooks/useCursorList';

/**
 * The foot of a cursor-paged moderation list: why the last page failed (announced), and "Visa
 * fler" while there is more. `failText` names what could not be fetched.
 */
export function LoadMore<T>({ list, failText }: { list: CursorList<T>; failText: string }) {
  return (
    <>
      {list.moreFailed && (
        <p className="form-error" role="alert">
          {failText}
        </p>
      )}
      {list.hasMore && (
        <div className="mod-more">
          <button type="button" className="button button-secondary" disabled={list.loadingMore} onClick={list.loadMore}>
            {list.loadingMore ? 'Laddar...' : 'Visa fler'}
          </button>
        </div>
      )}
    </>
  );
}
