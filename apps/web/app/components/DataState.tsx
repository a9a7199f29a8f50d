import type { ReactNode } from 'react';

/**
 * The one way a component shows data that is on its way (issue 39): while `status` is `loading`,
 * the `loading` text (announced: `role="status"`); on `error`, the message with "Försök igen" when
 * `onRetry` is given (announced: `role="alert"`), else the `error` node as it is; when ready but
 * `isEmpty`, the `empty` text; else the content. `className` is the page's own box for the loading
 * and error states (e.g. `mod-state`), `emptyClassName` the empty text's.
 */
export function DataState({
  status,
  isEmpty = false,
  className,
  loading,
  error,
  onRetry,
  empty,
  emptyClassName,
  children,
}: {
  status: 'loading' | 'error' | 'ready';
  isEmpty?: boolean;
  className?: string;
  loading: ReactNode;
  error?: ReactNode;
  onRetry?: () => void;
  empty?: ReactNode;
  emptyClassName?: string;
  children: ReactNode | (() => ReactNode);
}) {
  if (status === 'loading') {
    return (
      <p className={className} role="status">
        {loading}
      </p>
    );
  }
  if (status === 'error') {
    if (!onRetry) return <>{error}</>;
    return (
      <div className={className} role="alert">
        <p className="form-error">{error}</p>
        <button type="button" className="button button-secondary" onClick={onRetry}>
          Försök igen
        </button>
      </div>
    );
  }
  if (isEmpty && empty !== undefined) return <p className={emptyClassName}>{empty}</p>;
  return <>{typeof children === 'function' ? children() : children}</>;
}
