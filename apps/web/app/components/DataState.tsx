import type { ReactNode } from 'react';

/**
 * The one way a component shows data that is on its way (issue 39): while `status` is `loading`,
 * the `loading` text (announced: `role="status"`); on `error`, the message with "Försök igen" when
 * `onRetry` is given (announced: `role="alert"`), else the `error` node as it is; when ready but
 * `isEmpty`, the `empty` text; else the content. `className` is the page's own box for the loading
 * and error states (e.g. `mod-state`), `emptyClassName` the empty text's. With `inline`, the error
 * and its (small) button stand in one line: `InlineRetry`.
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
  inline = false,
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
  inline?: boolean;
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
    if (inline) return <InlineRetry onRetry={onRetry}>{error}</InlineRetry>;
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

/**
 * A failed load said in one line, with "Försök igen" at its end (announced: `role="alert"`); the
 * button is small unless `small` is false.
 */
export function InlineRetry({
  onRetry,
  small = true,
  children,
}: {
  onRetry: () => void;
  small?: boolean;
  children: ReactNode;
}) {
  return (
    <p className="form-error" role="alert">
      {children}{' '}
      <button
        type="button"
        className={small ? 'button button-secondary button-small' : 'button button-secondary'}
        onClick={onRetry}
      >
        Försök igen
      </button>
    </p>
  );
}
