import { MSG } from '@vaggen/contract';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { langOf } from '../lib/lang';
import { NotFound } from './NotFound';

/** Spec 000 §8: a 404 shows the not-found page; any other error "Unexpected Application Error!" with message and stack. */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  return (
    <section className="error-screen" role="alert">
      <h2 lang="en">{MSG.unexpectedError}</h2>
      <h3 className="error-message" lang={langOf(message)}>
        {message}
      </h3>
      {stack && <pre className="error-stack">{stack}</pre>}
    </section>
  );
}
