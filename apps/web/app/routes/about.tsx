import type { PaperIdentity } from '@vaggen/contract';
import { Link, useRouteLoaderData } from 'react-router';
import { Section, StaticPage } from '../features/static-pages/components/StaticPage';
import { NEWSROOM } from '../features/static-pages/newsroom';
import styles from '../features/static-pages/static-pages.css?url';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/about';

export const links = () => [{ rel: 'stylesheet', href: styles }];
export const loader = ({ context }: Route.LoaderArgs) => ({ origin: context.origin });
export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    title: 'Om oss',
    description:
      'Väggen är en oberoende nyhetssajt på svenska. Läs om vår historia, vårt uppdrag, redaktionen, våra värderingar och vad vi lovar dig som läsare.',
    url: `${data?.origin ?? ''}/about`,
  });

const VALUES = [
  {
    title: 'Sanningen först',
    text: 'Vi publicerar det vi kan belägga. Uppgifter kontrolleras mot fler än en källa, och när vi inte vet något säger vi det.',
  },
  {
    title: 'Oberoende',
    text: 'Ingen annonsör, ägare eller politiker bestämmer vad vi skriver. Annonser och sponsrat innehåll märks alltid tydligt.',
  },
  {
    title: 'Öppenhet',
    text: 'Vi berättar hur vi arbetar, varför vi gör de val vi gör och rättar våra fel öppet – i artikeln där felet stod.',
  },
  {
    title: 'Respekt',
    text: 'Vi granskar makten, inte privatpersoner. Den som pekas ut i en artikel får alltid möjlighet att svara.',
  },
  {
    title: 'Källskydd',
    text: 'Den som berättar något för oss ska kunna lita på att vi aldrig avslöjar vem hen är.',
  },
];

/** Issue 46: an island page (root.tsx): static text, only the shell's islands hydrate. */
export const handle = { islands: true };

export default function About() {
  // Issue 43: the ansvarig utgivare, as the root loader has it for the footer.
  const identity = useRouteLoaderData<{ identity: PaperIdentity }>('root')?.identity;
  return (
    <StaticPage
      kicker="Om Väggen"
      title="Nyheter på en vägg nära dig"
      lead="Väggen är en oberoende nyhetssajt på svenska. Vi bevakar nyheter, politik, ekonomi, kultur, sport och teknik – för att du ska förstå din omvärld, inte för att hålla kvar dig på sidan."
    >
      <Section id="historia" title="Vår historia">
        <p>
          Väggen började som en anslagstavla – bokstavligen. Ett par grannar som saknade lokala nyheter satte upp ett
          handskrivet veckoblad på väggen i trapphuset: vad som byggdes i kvarteret, vad kommunen hade beslutat och vem
          som hade vunnit korpens fotbollsserie. Bladet lästes, kommenterades med blyerts i marginalen och kopierades
          till grannhusen.
        </p>
        <p>
          Därav namnet, och devisen vi fortfarande har: <em>På en vägg nära dig</em>. När läsarna blev fler än väggarna
          flyttade tidningen ut på nätet. Väggen Media AB bildades för att kunna anställa journalister på heltid, och i
          dag bevakar redaktionen hela Sverige och omvärlden – med samma idé som i trapphuset: nyheter som angår dig,
          skrivna så att alla kan förstå dem.
        </p>
      </Section>

      <Section id="uppdrag" title="Vårt uppdrag">
        <p>
          Vi vill att fler ska ha tillgång till nyheter som är korrekta, begripliga och fria från dolda intressen.
          Därför är alla artiklar på Väggen öppna för alla att läsa. Vi förklarar sammanhangen bakom nyheterna, granskar
          dem som har makt över andras liv och ger plats åt röster som sällan hörs.
        </p>
        <p>
          Vid sidan av journalistiken bygger vi verktyg för nyfikna: ett interaktivt periodiskt system, en modell av
          solsystemet och ett verktyg för att översätta dokument. Kunskap ska vara lätt att hitta och roligt att
          utforska.
        </p>
      </Section>

      <Section id="redaktionen" title="Redaktionen">
        <p>
          Redaktionen arbetar från Stockholm och har medarbetare runt om i landet. Nyhetsdesken är bemannad dygnet runt
          och tar emot tips, ringer samtal och ser till att det viktigaste syns först.
        </p>
        <ul className="card-grid">
          <li>
            <h3>Nyheter och Sverige</h3>
            <p>Det som händer i dag, i hela landet – från kommunfullmäktige till riksdagen.</p>
          </li>
          <li>
            <h3>Politik och ekonomi</h3>
            <p>Beslut, budgetar och marknader, förklarade så att du ser vad de betyder för dig.</p>
          </li>
          <li>
            <h3>Granskning</h3>
            <p>Långa jobb som börjar med ett tips och slutar med svar. Många av dem börjar hos dig.</p>
          </li>
          <li>
            <h3>Kultur, krönikor och opinion</h3>
            <p>Recensioner, samtal och åsikter – alltid märkta som åsikter.</p>
          </li>
          <li>
            <h3>Sport och teknik</h3>
            <p>Resultat och reportage, och tekniken som förändrar vardagen.</p>
          </li>
        </ul>
        <p>
          Varje artikel har en namngiven skribent. Ansvarig utgivare och chefredaktör nås via{' '}
          <a href={`mailto:${NEWSROOM.newsroomEmail}`}>{NEWSROOM.newsroomEmail}</a>.
        </p>
        {identity?.responsible_publisher && (
          <dl className="paper-identity-list">
            <dt>Ansvarig utgivare</dt>
            <dd>{identity.responsible_publisher}</dd>
            {identity.publisher_name && (
              <>
                <dt>Utgivare</dt>
                <dd>{identity.publisher_name}</dd>
              </>
            )}
            {identity.utgivningsbevis && (
              <>
                <dt>Utgivningsbevis</dt>
                <dd>{identity.utgivningsbevis}</dd>
              </>
            )}
            {identity.address && (
              <>
                <dt>Adress</dt>
                <dd>{identity.address}</dd>
              </>
            )}
          </dl>
        )}
        <p>
          Fel vi har rättat står överst i artikeln de gäller och samlade under <Link to="/rattelser">Rättelser</Link>.
          Hur vi hanterar anmälningar om olagligt innehåll redovisar vi i vår{' '}
          <Link to="/transparensrapport">transparensrapport</Link>.
        </p>
      </Section>

      <Section id="varderingar" title="Våra värderingar">
        <ul className="card-grid">
          {VALUES.map((v) => (
            <li key={v.title}>
              <h3>{v.title}</h3>
              <p>{v.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="lofte" title="Vårt löfte till dig">
        <ul>
          <li>Vi rättar fel snabbt och synligt, och berättar vad som var fel.</li>
          <li>Vi skiljer alltid på nyheter, åsikter och annonser.</li>
          <li>
            Vi skyddar våra källor. Du kan <Link to="/tipsa">tipsa oss anonymt</Link> – ett anonymt tips sparas utan
            något som kan identifiera dig.
          </li>
          <li>
            Vi säljer aldrig uppgifter om dig och använder inga spårare från tredje part. Läs mer i vår{' '}
            <Link to="/integritetspolicy">integritetspolicy</Link>.
          </li>
          <li>
            Vi vill att alla ska kunna läsa Väggen. I vår <Link to="/tillganglighet">tillgänglighetsredogörelse</Link>{' '}
            står vad som ännu inte fungerar fullt ut och hur du säger till oss.
          </li>
          <li>
            Vi lyssnar. Har du synpunkter på något vi har publicerat, <Link to="/kontakt">hör av dig</Link> – vi läser
            allt.
          </li>
        </ul>
      </Section>
    </StaticPage>
  );
}
