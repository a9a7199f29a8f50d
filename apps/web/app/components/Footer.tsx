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

type FooterLink = { to: string; label: string };

const SECTION_LINKS: FooterLink[] = [
  { to: '/', label: 'Hem' },
  ...FOOTER_CATEGORIES.map((c) => ({ to: categoryPath(c), label: categoryLabel(c) })),
];

const ABOUT_LINKS: FooterLink[] = [
  { to: '/about', label: 'Om oss' },
  { to: '/kontakt', label: 'Kontakt' },
  { to: '/tipsa', label: 'Tipsa oss' },
  { to: '/annonsera', label: 'Annonsera' },
  { to: '/integritetspolicy', label: 'Integritetspolicy' },
];

/** A column of the site's own links under its heading. */
function LinkColumn({ label, title, links }: { label: string; title: string; links: FooterLink[] }) {
  return (
    <nav aria-label={label} className="footer-col">
      <h2>{title}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer({ identity }: { identity?: PaperIdentity }) {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <Logo />
          <p className="tagline">{TAGLINE}</p>
        </div>
        <LinkColumn label="Sidfot: sektioner" title="Sektioner" links={SECTION_LINKS} />
        <LinkColumn label="Sidfot: om Väggen" title="Om Väggen" links={ABOUT_LINKS} />
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
