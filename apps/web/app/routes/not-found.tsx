import { data } from 'react-router';
import { NotFound } from '../components/NotFound';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/not-found';

export function loader({ request, context }: Route.LoaderArgs) {
  // A test-only crash route proves the error screen (never enabled in production).
  if (context.testHooks && new URL(request.url).pathname === '/__test/crash') {
    throw new Error('Testfel: avsiktlig krasch');
  }
  return data({ origin: context.origin }, { status: 404 });
}

export const meta = ({ data: d, location }: Route.MetaArgs) => [
  ...pageMeta({ title: 'Sidan hittades inte', url: `${d?.origin ?? ''}${location.pathname}` }),
  { name: 'robots', content: 'noindex' },
];

export default function NotFoundRoute() {
  return <NotFound />;
}
