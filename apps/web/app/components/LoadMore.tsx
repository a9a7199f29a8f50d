import type { CursorList } from '../lib/cursor-list';

/**
 * The foot of a cursor-paged list (lib/cursor-list): why the last page failed (announced), and
 * "Visa fler" while there is more. `failText` names what could not be fetched.
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
        <div className="list-more">
          <button type="button" className="button button-secondary" disabled={list.loadingMore} onClick={list.loadMore}>
            {list.loadingMore ? 'Laddar...' : 'Visa fler'}
          </button>
        </div>
      )}
    </>
  );
}
