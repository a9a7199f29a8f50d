import { Link } from 'react-router';
import { Section, StaticPage } from '../features/static-pages/components/StaticPage';
import { TipFormIsland } from '../features/static-pages/components/TipForm';
import { NEWSROOM, telHref } from '../features/static-pages/newsroom';
import styles from '../features/static-pages/static-pages.css?url';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/tipsa';

/** Issue 46: an island page — the form hydrates alone (decision 054). */
export const handle = { islands: true };
export const links = () => [{ rel: 'stylesheet', href: styles }];
export const loader = ({ context }: Route.LoaderArgs) => ({ origin: context.origin });
export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    title: 'Tipsa oss',
    description:
      'Tipsa Väggens redaktion – med namn eller helt anonymt. Ett anonymt tips sparas utan namn, e-post, telefonnummer, IP-adress eller webbläsaruppgifter.',
    url: `${data?.origin ?? ''}/tipsa`,
  });

export default function Tipsa() {
  return (
    <StaticPage
      kicker="Tipsa oss"
      title="Har du ett tips?"
      lead="Har du sett, hört eller varit med om något som fler borde känna till? Många av våra viktigaste artiklar har börjat med ett tips från en läsare. Du bestämmer själv om du vill berätta vem du är."
    >
      <div className="static-columns">
        <Section id="tipsformular" title="Skicka ett tips">
          <TipFormIsland />
        </Section>

        <div>
          <section className="protection-box" aria-labelledby="anonymt">
            <h2 id="anonymt">Så skyddar vi dig som tipsar anonymt</h2>
            <p>När du kryssar i ”Jag vill vara anonym” sparar vi bara</p>
            <ul>
              <li>rubriken och beskrivningen du skriver,</li>
              <li>om du har underlag eller inte,</li>
              <li>vilken timme tipset kom in – inte minut eller sekund.</li>
            </ul>
            <p>
              <strong>
                Vi sparar inte ditt namn, din e-postadress, ditt telefonnummer, din IP-adress eller uppgifter om din
                webbläsare
              </strong>{' '}
              – varken i vår databas eller i serverns loggar. Tipset skickas utan inloggning, även om du är inloggad, så
              det kopplas aldrig till ditt konto.
            </p>
            <p>
              Det betyder också att vi inte kan höra av oss till dig med följdfrågor. Vill du att vi ska kunna nå dig,
              lämna ett namn och ett sätt att kontakta dig: vi avslöjar aldrig vem du är.
            </p>
          </section>

          <section className="static-card surface" aria-labelledby="rad">
            <h2 id="rad">Råd om du vill vara helt säker</h2>
            <ul>
              <li>Använd inte din arbetsgivares dator, telefon eller nätverk.</li>
              <li>
                Dina besök på Väggen loggas som vanliga sidvisningar (se{' '}
                <Link to="/integritetspolicy">integritetspolicyn</Link>
                ). Själva tipset loggas inte. Vill du dölja även besöket kan du använda Tor Browser.
              </li>
              <li>Skriv inget i tipset som bara du kan känna till, om det kan peka ut dig.</li>
              <li>Dokument skickar du säkrast med vanlig post, utan avsändare.</li>
            </ul>
            <p>
              Den som lämnar uppgifter till ett medium för publicering har meddelarskydd enligt tryckfrihetsförordningen
              och yttrandefrihetsgrundlagen, och vi som journalister har tystnadsplikt om vem du är.
            </p>
          </section>
        </div>
      </div>

      <Section id="andra-satt" title="Andra sätt att nå oss">
        <ul className="card-grid">
          <li>
            <h3>Tipstelefon</h3>
            <p>
              <a href={telHref(NEWSROOM.tipPhone)}>{NEWSROOM.tipPhone}</a>
              <br />
              Nyhetsdesken svarar dygnet runt. Du behöver inte säga vem du är.
            </p>
          </li>
          <li>
            <h3>Signal och sms</h3>
            <p>
              <a href={`sms:${NEWSROOM.tipSignal.replace(/\D/g, '')}`}>{NEWSROOM.tipSignal}</a>
              <br />
              Med Signal är meddelandet krypterat hela vägen. Ditt nummer syns för oss.
            </p>
          </li>
          <li>
            <h3>E-post</h3>
            <p>
              <a href={`mailto:${NEWSROOM.tipsEmail}`}>{NEWSROOM.tipsEmail}</a>
              <br />
              Tänk på att e-post visar din adress. Vill du vara anonym, använd formuläret.
            </p>
          </li>
          <li>
            <h3>Brev</h3>
            <p>
              {NEWSROOM.company}, ”Tips”
              <br />
              {NEWSROOM.postalAddress}
              <br />
              Det säkraste sättet att skicka dokument anonymt.
            </p>
          </li>
          <li>
            <h3>Besök oss</h3>
            <p>
              {NEWSROOM.street}, {NEWSROOM.city}
              <br />
              Ring gärna {NEWSROOM.switchboard} först, så möter en reporter dig.
            </p>
          </li>
        </ul>
      </Section>
    </StaticPage>
  );
}
