import { Link } from 'react-router';
import { SOCIAL_LINKS } from '../components/social';
import { ContactFormIsland } from '../features/static-pages/components/ContactForm';
import { Section, StaticPage } from '../features/static-pages/components/StaticPage';
import { NEWSROOM, telHref } from '../features/static-pages/newsroom';
import styles from '../features/static-pages/static-pages.css?url';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/kontakt';

/** Issue 46: an island page — the form hydrates alone (decision 054). */
export const handle = { islands: true };
export const links = () => [{ rel: 'stylesheet', href: styles }];
export const loader = ({ context }: Route.LoaderArgs) => ({ origin: context.origin });
export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    title: 'Kontakta oss',
    description:
      'Kontakta Väggens redaktion: telefon, e-post, adress och kontaktformulär. Vi svarar vanligtvis inom två arbetsdagar.',
    url: `${data?.origin ?? ''}/kontakt`,
  });

export default function Kontakt() {
  return (
    <StaticPage
      kicker="Kontakt"
      title="Kontakta oss"
      lead="Frågor, synpunkter eller något vi har missat? Skriv till oss – vi läser allt som kommer in och svarar vanligtvis inom två arbetsdagar."
    >
      <div className="static-columns">
        <Section id="formular" title="Skriv till redaktionen">
          <ContactFormIsland />
          <p className="field-hint form-aside">
            Har du ett nyhetstips? Använd hellre <Link to="/tipsa">tipsformuläret</Link> – där kan du vara anonym. Vill
            du annonsera, se <Link to="/annonsera">Annonsera</Link>.
          </p>
        </Section>

        <div>
          <section className="static-card surface" aria-labelledby="kontaktuppgifter">
            <h2 id="kontaktuppgifter">Kontaktuppgifter</h2>
            <ul className="fact-list">
              <li>
                <span className="fact-label">Växel</span>
                <a href={telHref(NEWSROOM.switchboard)}>{NEWSROOM.switchboard}</a> (vardagar 8–17)
              </li>
              <li>
                <span className="fact-label">Redaktionen</span>
                <a href={`mailto:${NEWSROOM.newsroomEmail}`}>{NEWSROOM.newsroomEmail}</a>
              </li>
              <li>
                <span className="fact-label">Nyhetstips</span>
                <a href={telHref(NEWSROOM.tipPhone)}>{NEWSROOM.tipPhone}</a> (dygnet runt) ·{' '}
                <Link to="/tipsa">tipsformuläret</Link>
              </li>
              <li>
                <span className="fact-label">Annonsering</span>
                <a href={`mailto:${NEWSROOM.adsEmail}`}>{NEWSROOM.adsEmail}</a>
              </li>
              <li>
                <span className="fact-label">Personuppgifter</span>
                <a href={`mailto:${NEWSROOM.privacyEmail}`}>{NEWSROOM.privacyEmail}</a>
              </li>
            </ul>
          </section>

          <section className="static-card surface" aria-labelledby="adress">
            <h2 id="adress">Adress</h2>
            <ul className="fact-list">
              <li>
                <span className="fact-label">Besöksadress</span>
                <address>
                  {NEWSROOM.company}
                  <br />
                  {NEWSROOM.street}
                  <br />
                  {NEWSROOM.postcode} {NEWSROOM.city}
                </address>
              </li>
              <li>
                <span className="fact-label">Postadress</span>
                <address>
                  {NEWSROOM.company}
                  <br />
                  {NEWSROOM.postalAddress}
                </address>
              </li>
            </ul>
          </section>

          <section className="static-card surface" aria-labelledby="sociala">
            <h2 id="sociala">Följ oss</h2>
            <ul className="social-list">
              {SOCIAL_LINKS.map((s) => (
                <li key={s.name}>
                  <a href={s.href} target="_blank" rel="noopener noreferrer">
                    {s.name}
                    <span className="visually-hidden"> (öppnas i en ny flik)</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </StaticPage>
  );
}
