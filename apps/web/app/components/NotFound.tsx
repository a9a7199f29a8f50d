import { Link } from 'react-router';

interface NotFoundProps {
  /** The heading; default "Sidan hittades inte". */
  title?: string;
  /** Set when the heading is the spec's English text ("Article not found"). */
  titleLang?: 'en';
  /** What is missing, in Swedish. */
  text?: string;
}

/** The 404 page (issue 41: also for an unknown author, tag or article, with what to do next). */
export function NotFound({ title = 'Sidan hittades inte', titleLang, text }: NotFoundProps) {
  return (
    <section className="message-page" role="alert">
      <p className="message-code">404</p>
      <h1 lang={titleLang}>{title}</h1>
      <p>{text ?? 'Sidan du letar efter finns inte, eller har flyttats.'}</p>
      <p className="message-actions">
        <Link className="button" to="/">
          Till startsidan
        </Link>{' '}
        <Link to="/sok">Sök bland artiklarna</Link>
      </p>
    </section>
  );
}
