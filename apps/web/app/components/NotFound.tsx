import { Link } from 'react-router';

export function NotFound() {
  return (
    <section className="message-page">
      <p className="message-code">404</p>
      <h1>Sidan hittades inte</h1>
      <p>Sidan du letar efter finns inte, eller har flyttats.</p>
      <Link className="button" to="/">
        Till startsidan
      </Link>
    </section>
  );
}
