import { Link } from 'react-router';

export function Logo({ small = false }: { small?: boolean }) {
  return (
    <Link to="/" className={small ? 'logo logo-small' : 'logo'} aria-label="Väggen – till startsidan">
      <span className="logo-mark" aria-hidden="true">
        V
      </span>
      <span className="logo-text">Väggen</span>
    </Link>
  );
}
