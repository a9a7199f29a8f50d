import { AppLink } from '../lib/router-bridge';

export function Logo({ small = false }: { small?: boolean }) {
  return (
    // The name comes from the visible text, "Väggen", and a hidden " – till startsidan" (WCAG 2.5.3:
    // an aria-label in place of the visible text was Lighthouse's label-content-name-mismatch on every page).
    <AppLink href="/" className={small ? 'logo logo-small' : 'logo'}>
      <span className="logo-mark" aria-hidden="true">
        V
      </span>
      <span className="logo-text">Väggen</span>
      <span className="visually-hidden"> – till startsidan</span>
    </AppLink>
  );
}
