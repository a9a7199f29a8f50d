import { Link } from 'react-router';

/**
 * Issue 41: the newsroom's one breadcrumb style — "Redaktionen › … › this page", the last one
 * marked as the current page. Every newsroom page starts with it.
 */
export function Breadcrumbs({ trail, current }: { trail?: { to: string; label: string }[]; current: string }) {
  const steps = [{ to: '/admin', label: 'Redaktionen' }, ...(trail ?? [])];
  return (
    <nav className="newsroom-breadcrumb" aria-label="Brödsmulor">
      {steps.map((s) => (
        <span key={s.to}>
          <Link to={s.to}>{s.label}</Link> <span aria-hidden="true">›</span>{' '}
        </span>
      ))}
      <span aria-current="page">{current}</span>
    </nav>
  );
}
