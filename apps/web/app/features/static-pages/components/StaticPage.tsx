import { NavLink } from 'react-router';

const PAGES = [
  { to: '/about', label: 'Om oss' },
  { to: '/kontakt', label: 'Kontakt' },
  { to: '/tipsa', label: 'Tipsa oss' },
  { to: '/annonsera', label: 'Annonsera' },
  { to: '/integritetspolicy', label: 'Integritetspolicy' },
] as const;

/**
 * The frame of the five static pages: a small navigation between them (the footer, which links
 * them elsewhere, is hidden here per spec 001 §2), a kicker, the title and a lead.
 */
export function StaticPage({
  kicker,
  title,
  lead,
  children,
  after,
}: {
  kicker: string;
  title: string;
  lead: React.ReactNode;
  children: React.ReactNode;
  after?: React.ReactNode;
}) {
  return (
    <article className="static-page">
      <nav className="static-nav" aria-label="Om Väggen">
        <ul>
          {PAGES.map((p) => (
            <li key={p.to}>
              <NavLink to={p.to} end>
                {p.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <header className="static-hero">
        <p className="static-kicker">{kicker}</p>
        <h1>{title}</h1>
        <div className="static-lead">{lead}</div>
        {after}
      </header>
      {children}
    </article>
  );
}

export function Section({ id, title, children }: { id?: string; title: string; children: React.ReactNode }) {
  const headingId = id ? `${id}-rubrik` : undefined;
  return (
    <section className="static-section" id={id} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
