import { SOCIAL_LINKS } from '../components/social';

export const meta = () => [{ title: 'Väggen på Facebook | Väggen' }];

export default function Facebook() {
  const fb = SOCIAL_LINKS[0];
  return (
    <section className="message-page">
      <h1>Väggen på Facebook</h1>
      <p>Följ oss på Facebook för de senaste nyheterna, diskussioner och tips från redaktionen.</p>
      <a className="button" href={fb.href} target="_blank" rel="noopener noreferrer">
        Öppna Väggen på Facebook
      </a>
    </section>
  );
}
