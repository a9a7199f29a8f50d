import { MSG } from '@vaggen/contract';
import { Link } from 'react-router';

export const meta = () => [{ title: `${MSG.accessDenied} | Väggen` }, { name: 'robots', content: 'noindex' }];

export default function Unauthorized() {
  return (
    <section className="message-page">
      <p className="message-code">403</p>
      <h1>{MSG.accessDenied}</h1>
      <p>Du har inte behörighet att se den här sidan.</p>
      <Link className="button" to="/">
        Till startsidan
      </Link>
    </section>
  );
}
