import { Outlet } from 'react-router';
import { RouteErrorScreen } from '../components/RouteErrorScreen';

/**
 * Every page sits in this pathless layout, so that a page's error replaces only the page: the
 * shell around it (header, session, an open menu) stays mounted. The root's own boundary is left
 * for errors in the shell itself.
 */
export default function PageFrame() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <RouteErrorScreen />;
}
