import {
  ACCESSIBILITY_REVIEWED,
  ACCESSIBILITY_REVIEWED_ISO,
  ACCESSIBILITY_STATUS,
  DIGG_REPORT_URL,
} from '@vaggen/contract';
import { Link } from 'react-router';
import { NEWSROOM } from '../newsroom';
import { Section, StaticPage } from './StaticPage';

/**
 * Issue 43: the accessibility statement (tillgänglighetsredogörelse) in the structure DIGG's model
 * uses: status, shortcomings, feedback, supervision, how the site was reviewed. The status is what
 * the automated checks (e2e/a11y.spec.ts) can honestly support: partly compliant, as no manual
 * review with assistive technology has been made and a few parts are known to fall short.
 */
export function AccessibilityStatement() {
  return (
    <StaticPage
      kicker="Tillgänglighet"
      title="Tillgänglighet för Väggen"
      lead={`${NEWSROOM.company} står bakom Väggen. Vi vill att så många som möjligt ska kunna läsa och använda webbplatsen. Här beskriver vi hur Väggen uppfyller kraven på tillgänglighet, vilka brister vi känner till och hur du meddelar oss om något inte fungerar.`}
      after={
        <p className="privacy-updated">
          Senast granskad: <time dateTime={ACCESSIBILITY_REVIEWED_ISO}>{ACCESSIBILITY_REVIEWED}</time>
        </p>
      }
    >
      <Section id="status" title="Hur tillgänglig är webbplatsen?">
        <p>
          Väggen är <strong>{ACCESSIBILITY_STATUS}</strong> med standarden EN 301 549 och Web Content Accessibility
          Guidelines (WCAG) 2.2 på nivå AA. Det beror på de brister som beskrivs nedan och på att vi ännu inte har
          granskat webbplatsen manuellt med hjälpmedel som skärmläsare.
        </p>
      </Section>

      <Section id="brister" title="Det här fungerar inte fullt ut">
        <ul>
          <li>
            <strong>Manuell granskning saknas.</strong> Våra tester är automatiska. De hittar många fel, men inte alla:
            till exempel om en bildbeskrivning är begriplig eller om en sida fungerar bra med skärmläsare och
            förstoring.
          </li>
          <li>
            <strong>Bildbeskrivningar.</strong> Redaktionen skriver en beskrivning till artiklarnas huvudbild, men den
            är inte obligatorisk. Saknas den används bildtexten eller rubriken, som inte alltid beskriver bilden.
          </li>
          <li>
            <strong>Solsystemets 3D-vy</strong> och animerade annonser ritas i en canvas och kan inte uppfattas med
            skärmläsare. Fakta om planeterna finns som text på samma sida.
          </li>
          <li>
            <strong>Översättningsverktyget</strong> visar vissa felmeddelanden på engelska. De är märkta som engelsk
            text, så att skärmläsare läser dem rätt.
          </li>
          <li>
            <strong>Mediekitet</strong> för annonsörer (PDF) är inte uppmärkt för skärmläsare. Samma siffror finns som
            text på sidan <Link to="/annonsera">Annonsera</Link>.
          </li>
          <li>
            <strong>Läsarnas kommentarer</strong> skrivs av läsarna själva, och vi kan inte garantera att till exempel
            länkar i dem är begripliga.
          </li>
        </ul>
      </Section>

      <Section id="kontakt" title="Meddela oss om något inte fungerar">
        <p>
          Upplever du att något på Väggen inte är tillgängligt för dig, eller behöver du innehåll i ett annat format?
          Skriv till oss via <Link to="/kontakt">kontaktformuläret</Link> eller mejla{' '}
          <a href={`mailto:${NEWSROOM.newsroomEmail}`}>{NEWSROOM.newsroomEmail}</a>. Berätta vilken sida det gäller och
          vad som inte fungerar. Vi svarar vanligtvis inom två arbetsdagar.
        </p>
      </Section>

      <Section id="tillsyn" title="Tillsyn">
        <p>
          Myndigheten för digital förvaltning (DIGG) har ansvaret för tillsyn över lagen (2018:1937) om tillgänglighet
          till digital offentlig service. Om du inte är nöjd med hur vi hanterar dina synpunkter kan du kontakta DIGG
          och påtala det via{' '}
          <a href={DIGG_REPORT_URL} rel="noopener noreferrer">
            DIGG:s formulär för anmälan
          </a>
          .
        </p>
      </Section>

      <Section id="granskning" title="Så har vi testat webbplatsen">
        <p>
          Vi har gjort en självskattning. Varje gång koden ändras kontrollerar automatiska tester alla sidor med
          verktyget axe mot reglerna i WCAG 2.0, 2.1 och 2.2 på nivå A och AA – både utloggad och inloggad, på bred
          skärm och i mobilbredd (480 pixlar). Testerna kontrollerar också att man kan använda menyn och dialogrutor med
          tangentbordet, att fokus aldrig hamnar under annat innehåll och att synliga etiketter ingår i knapparnas namn.
        </p>
        <p>
          Redogörelsen granskades senast den <time dateTime={ACCESSIBILITY_REVIEWED_ISO}>{ACCESSIBILITY_REVIEWED}</time>
          .
        </p>
      </Section>
    </StaticPage>
  );
}
