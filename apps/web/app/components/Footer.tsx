import {
  COPYRIGHT,
  categoryLabel,
  categoryPath,
  FOOTER_CATEGORIES,
  type PaperIdentity,
  TAGLINE,
} from '@vaggen/contract';
import { Link } from 'react-router';
import { Logo } from './Logo';
import { SOCIAL_LINKS } from './social';

/** Spec 001 §2: the footer is hidden on these pages. */
const HIDDEN = [
  '/login',
  '/register',
  '/unauthorized',
  '/admin',
  '/notifications',
  '/profile',
  '/about',
  '/kontakt',
  '/tipsa',
  '/annonsera',
  '/integritetspolicy',
  '/translate',
  '/solar-system',
  '/periodic-table',
];

export function footerHidden(pathname: string): boolean {
  return HIDDEN.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Issue 43: the ansvarig utgivare (and the publisher, utgivningsbevis and address when set) under the links. */
export function PaperIdentityLine({ identity }: { identity: PaperIdentity | undefined }) {
  if (!identity?.responsible_publisher) return null;
  const parts = [
    `Ansvarig utgivare: ${identity.responsible_publisher}`,
    identity.publisher_name && `Utgivare: ${identity.publisher_name}`,
    identity.utgivningsbevis && `Utgivningsbevis: ${identity.utgivningsbevis}`,
    identity.address,
  ].filter(Boolean);
  return <p className="paper-identity">{parts.join(' · ')}</p>;
}

export function Footer({ identity }: { identity?: PaperIdentity }) {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <Logo />
          <p className="tagline">{TAGLINE}</p>
        </div>
        <nav aria-label="Sidfot: sektioner" className="footer-col">
          <h2>Sektioner</h2>
          <ul>
            <li>
              <Link to="/">Hem</Link>
            </li>
            {FOOTER_CATEGORIES.map((c) => (
              <li key={c}>
                <Link to={categoryPath(c)}>{categoryLabel(c)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Sidfot: om Väggen" className="footer-col">
          <h2>Om Väggen</h2>
          <ul>
            <li>
              <Link to="/about">Om oss</Link>
            </li>
            <li>
              <Link to="/kontakt">Kontakt</Link>
            </li>
            <li>
              <Link to="/tipsa">Tipsa oss</Link>
            </li>
            <li>
              <Link to="/annonsera">Annonsera</Link>
            </li>
            <li>
              <Link to="/integritetspolicy">Integritetspolicy</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Sociala medier" className="footer-col">
          <h2>Följ oss</h2>
          <ul>
            {SOCIAL_LINKS.map((s) => (
              <li key={s.name}>
                <a href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <PaperIdentityLine identity={identity} />
      <p className="copyright">{COPYRIGHT}</p>
    </footer>
  );
}
