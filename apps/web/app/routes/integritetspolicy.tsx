import {
  BROWSER_STORAGE,
  BROWSER_STORAGE_KIND_LABEL,
  INBOX_RETENTION_DAYS,
  MAIL_RETENTION_DAYS,
  NEWSLETTER_CONFIRM_DAYS,
  PRIVACY_AGE_LIMIT,
  PRIVACY_LAST_UPDATED,
  PRIVACY_LAST_UPDATED_ISO,
} from '@vaggen/contract';
import { Link, useLoaderData } from 'react-router';
import { StaticPage } from '../features/static-pages/components/StaticPage';
import { NEWSROOM } from '../features/static-pages/newsroom';
import styles from '../features/static-pages/static-pages.css?url';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/integritetspolicy';

export const links = () => [{ rel: 'stylesheet', href: styles }];
/**
 * Issue 43: the storage table comes with the page's data, from the contract's list on the server,
 * so the list is not in the JavaScript every reader page downloads (the contract's constants share
 * one chunk, see vite.config.ts).
 */
export const loader = ({ context }: Route.LoaderArgs) => ({
  origin: context.origin,
  storage: BROWSER_STORAGE.map((item) => ({ ...item, where: BROWSER_STORAGE_KIND_LABEL[item.where] })),
});

function StorageRows() {
  const { storage } = useLoaderData<typeof loader>();
  return (
    <tbody>
      {storage.map((item) => (
        <tr key={`${item.where}:${item.name}`}>
          <td>
            <code>{item.prefix ? `${item.name}<ditt användarnummer>` : item.name}</code>
          </td>
          <td data-label="Var">{item.where}</td>
          <td data-label="Varför">{item.purpose}</td>
          <td data-label="Hur länge">{item.duration}</td>
        </tr>
      ))}
    </tbody>
  );
}
export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    title: 'Integritetspolicy',
    description:
      'Vilka uppgifter Väggen sparar om dig, varför, hur länge och vilka rättigheter du har. Inga spårare från tredje part, och anonyma tips sparas utan något som identifierar dig.',
    url: `${data?.origin ?? ''}/integritetspolicy`,
  });

const mail = (a: string) => <a href={`mailto:${a}`}>{a}</a>;

/** Spec 001 §2: eleven sections, last updated 15 March 2025, children under 13 not served. */
const SECTIONS: { id: string; title: string; body: React.ReactNode }[] = [
  {
    id: 'ansvarig',
    title: 'Vem ansvarar för dina uppgifter?',
    body: (
      <>
        <p>
          {NEWSROOM.company}, {NEWSROOM.street}, {NEWSROOM.postcode} {NEWSROOM.city}, är personuppgiftsansvarig för
          behandlingen av personuppgifter på Väggen. Frågor om hur vi hanterar dina uppgifter skickar du till{' '}
          {mail(NEWSROOM.privacyEmail)} eller med post till {NEWSROOM.company}, {NEWSROOM.postalAddress}.
        </p>
        <p>
          Policyn beskriver vad webbplatsen faktiskt sparar. Du kan läsa alla artiklar, använda det periodiska systemet
          och solsystemet utan konto – och utan att vi sparar något om dig utöver de serverloggar som beskrivs i avsnitt
          4.
        </p>
      </>
    ),
  },
  {
    id: 'uppgifter',
    title: 'Vilka uppgifter vi sparar',
    body: (
      <>
        <h3>Ditt konto</h3>
        <p>
          När du skapar ett konto sparar vi ditt användarnamn och ditt lösenord – som en hash (argon2id), aldrig i
          klartext. Vill du kan du också lämna namn, e-postadress och profilbild. Vi sparar din kontotyp (läsare,
          skribent eller administratör), när kontot skapades och ändrades och när du senast loggade in.
        </p>
        <h3>Inloggningar</h3>
        <p>
          När du loggar in får din webbläsare en slumpmässig inloggningsnyckel. Vi sparar bara en hash av den,
          tillsammans med när den skapades och när den slutar gälla. Skribenter och administratörer som skapar en
          API-nyckel får den sparad som hash och krypterad, så att bara de själva kan visa den igen.
        </p>
        <h3>Kommentarer</h3>
        <p>
          En kommentar sparas med namn, e-postadress, text och tidpunkt. Skriver du inloggad kopplas den till ditt
          konto. Namnet och texten visas för alla; e-postadressen visas bara för administratörer och aldrig publikt.
        </p>
        <h3>Notiser och behörighetsförfrågningar</h3>
        <p>
          Vi sparar notiser till dig (till exempel om nya kommentarer på dina artiklar) och om de är lästa. Ber du om
          att bli skribent eller administratör sparar vi din motivering, beslutet, vem som fattade det och ett
          eventuellt skäl till avslag.
        </p>
        <h3>Tips</h3>
        <p>
          Ett tips sparas med rubrik, beskrivning, om du har underlag och tidpunkt. Lämnar du namn, e-postadress eller
          telefonnummer sparas de med tipset.{' '}
          <strong>
            Ett anonymt tips sparas utan namn, e-postadress, telefonnummer, IP-adress och webbläsaruppgifter, och med
            tidpunkten avrundad till hel timme.
          </strong>{' '}
          Det skickas utan inloggning och kopplas aldrig till något konto. Läs mer på sidan{' '}
          <Link to="/tipsa">Tipsa oss</Link>.
        </p>
        <h3>Kontaktmeddelanden och annonsförfrågningar</h3>
        <p>
          Meddelanden via kontaktformuläret sparas med namn, e-postadress, text och tidpunkt. Annonsförfrågningar sparas
          med namn, företag, e-postadress, telefonnummer om du lämnar det, önskad annonsform och meddelande.
        </p>
        <h3>E-post från oss</h3>
        <p>
          Prenumererar du på Morgonbrevet sparar vi e-postadressen, om den är bekräftad och när du anmälde dig. Väljer
          du e-post om notifikationer sparar vi vilka slag du valt, och notifikationerna som väntar på att skickas
          (högst en kvart). Varje utskick sparas med mottagare, ämne och tidpunkt; länkar för att byta lösenord eller
          bekräfta en e-postadress sparas bara som ett kontrollvärde. Varje nyhetsbrev och notifikationsmejl har en länk
          som avslutar prenumerationen med ett klick, utan inloggning.
        </p>
        <h3>Bilder du laddar upp</h3>
        <p>
          Bilder som laddas upp (till exempel till artiklar) kodas om av servern innan de sparas. Då försvinner all
          inbäddad metadata, som kameramodell, tidpunkt och GPS-position.
        </p>
      </>
    ),
  },
  {
    id: 'andamal',
    title: 'Varför vi sparar uppgifterna och med vilket stöd',
    body: (
      <ul>
        <li>
          <strong>Konto och inloggning</strong> – för att ge dig den tjänst du har bett om (avtal).
        </li>
        <li>
          <strong>Kommentarer, kontaktmeddelanden och annonsförfrågningar</strong> – för att kunna visa, moderera och
          besvara dem (berättigat intresse, och avtal när det gäller annonser).
        </li>
        <li>
          <strong>Serverloggar och begränsningar mot missbruk</strong> – för att hålla tjänsten säker och i drift
          (berättigat intresse).
        </li>
        <li>
          <strong>Tips och journalistiskt material</strong> – behandlas för journalistiska ändamål. Då gäller
          dataskyddsförordningen bara delvis (1 kap. 7 § lagen med kompletterande bestämmelser till EU:s
          dataskyddsförordning), och tryckfrihetsförordningens och yttrandefrihetsgrundlagens källskydd gäller fullt ut.
        </li>
      </ul>
    ),
  },
  {
    id: 'sakerhet',
    title: 'Säkerhet, serverloggar och skydd mot missbruk',
    body: (
      <>
        <p>
          Servern loggar varje anrop med tidpunkt, metod, adress på sidan, värdnamn, din IP-adress och port, svarskod
          och svarstid. Webbläsarens namn och version (user agent) loggas inte. Loggarna används bara för drift,
          felsökning och säkerhet och raderas efter 30 dagar.{' '}
          <strong>Anrop som skickar ett tips loggas inte alls.</strong>
        </p>
        <p>
          För att stoppa gissade lösenord och skräppost räknar servern tillfälligt hur många inloggningsförsök,
          registreringar, kommentarer och meddelanden som kommer från samma IP-adress. Räknarna finns bara i minnet och
          försvinner efter mellan en minut och en timme. För tips används aldrig IP-adressen själv, utan en kod som inte
          kan räknas tillbaka och som byts ut var tionde minut.
        </p>
        <p>
          All trafik är krypterad, lösenord och inloggningsnycklar sparas bara som hashar och bara de medarbetare som
          behöver det har åtkomst till databasen.
        </p>
      </>
    ),
  },
  {
    id: 'webblasaren',
    title: 'Lagring i din webbläsare',
    body: (
      <>
        <p>
          Vi sparar bara det som behövs för att webbplatsen ska fungera som du har bett om: att hålla dig inloggad, visa
          dina egna kommentarer och komma ihåg inställningar som du själv har valt. Inget av det används för statistik,
          annonser eller för att följa dig mellan webbplatser, och ingenting hämtas från andra webbplatser när du läser.
          Tabellen är hela listan: ett automatiskt test besöker varje sida för läsare, både utloggad och inloggad, och
          larmar om något annat sparas.
        </p>
        <p>
          <strong>Därför visar vi ingen samtyckesruta.</strong> Enligt lagen om elektronisk kommunikation behövs ditt
          samtycke bara för lagring som inte är nödvändig för en tjänst du själv har begärt, och sådan lagring har vi
          inte.
        </p>
        <table className="privacy-table privacy-storage">
          <thead>
            <tr>
              <th scope="col">Namn</th>
              <th scope="col">Var</th>
              <th scope="col">Varför</th>
              <th scope="col">Hur länge</th>
            </tr>
          </thead>
          <StorageRows />
        </table>
        <p>
          Inloggningsnyckeln skickas till oss med varje anrop som kräver inloggning, och inloggningskakan bara när du
          loggar in. Nyckeln till översättningstjänsten skickar din webbläsare direkt till den tjänsten när du
          översätter – den når aldrig vår server. Resten lämnar aldrig din dator.
        </p>
        <p>
          När du loggar ut tas inloggningsvärdena bort (de sex första i tabellen). Inloggningskakan, flugans och
          översättningsverktygets värden ligger kvar; nyckeln tar du bort genom att tömma fältet i verktyget eller
          kryssa ur ”Kom ihåg nyckeln”. Du kan också rensa allt själv i webbläsarens inställningar.
        </p>
      </>
    ),
  },
  {
    id: 'tredje-part',
    title: 'Tredje parter och länkar',
    body: (
      <>
        <p>
          Vi använder inga spårare, analysverktyg eller annonsnätverk från tredje part, och vi säljer eller lämnar
          aldrig ut uppgifter om dig i marknadsföringssyfte. Knapparna för att dela artiklar och länkarna till sociala
          medier är vanliga länkar: ingenting hämtas från Facebook, X eller andra tjänster förrän du själv klickar.
        </p>
        <p>
          Redaktionen räknar själv hur artiklarna läses, utan kakor och utan att något sparas i din webbläsare: vilken
          sida som visades, ungefär varifrån besöket kom (till exempel sökmotor, sociala medier eller nyhetsbrevet), om
          det var en mobil, surfplatta eller dator, hur länge sidan lästes aktivt och hur långt ner den lästes. Det
          sparas bara som antal per minut, timme och dag. Din IP-adress används bara i serverns minne under en minut för
          att stoppa överbelastning och sparas aldrig, och inte heller din webbläsares namn eller något annat som kan
          knytas till dig.
        </p>
        <ul>
          <li>
            Nyhetstickern hämtas av vår server från Sveriges Radios öppna nyhetstjänst. Din webbläsare har ingen kontakt
            med Sveriges Radio förrän du klickar på en rubrik.
          </li>
          <li>
            Bilder i artiklar och annonser, och profilbilder som anges som en länk, kan ligga hos andra webbplatser. Då
            hämtar din webbläsare bilden därifrån, och den webbplatsen ser din IP-adress.
          </li>
          <li>
            Översättningsverktyget skickar texten direkt från din webbläsare till OpenAI (eller den tjänst du själv
            anger i inställningarna), med den API-nyckel du själv anger. Texten och nyckeln passerar inte vår server.
            Tjänstens egna villkor gäller för det du skickar dit.
          </li>
        </ul>
        <p>
          Tjänsten drivs på servrar inom EU/EES. Leverantören som driver servrarna är vårt personuppgiftsbiträde och får
          bara behandla uppgifterna för vår räkning.
        </p>
      </>
    ),
  },
  {
    id: 'lagringstid',
    title: 'Hur länge vi sparar uppgifterna',
    body: (
      <ul>
        <li>Kontot sparas tills du raderar det själv på din profilsida (se avsnitt 9) eller ber oss ta bort det.</li>
        <li>En inloggning gäller i 30 dagar, eller tills du loggar ut. Därefter går den inte att använda.</li>
        <li>
          Kommentarer finns kvar tills du eller en administratör tar bort dem, eller tills du raderar ditt konto och
          väljer att ta bort dem. En borttagen kommentar som har svar visas som ”Kommentaren har raderats.” utan namn
          och text.
        </li>
        <li>
          Tips, kontaktmeddelanden och annonsförfrågningar ligger kvar i redaktionens inkorg tills ärendet är hanterat.
          Servern raderar dem automatiskt {INBOX_RETENTION_DAYS} dagar efter att de markerats som hanterade.
        </li>
        <li>
          Skickade mejl tas bort ur utskickslistan efter {MAIL_RETENTION_DAYS} dagar. En anmälan till Morgonbrevet som
          inte bekräftas inom {NEWSLETTER_CONFIRM_DAYS} dagar glöms. Prenumerationen finns kvar tills du avslutar den.
        </li>
        <li>Serverloggar raderas efter 30 dagar. Räknarna mot missbruk försvinner efter högst en timme.</li>
      </ul>
    ),
  },
  {
    id: 'vem-ser',
    title: 'Vem som kan se dina uppgifter',
    body: (
      <ul>
        <li>
          <strong>Alla besökare</strong> ser namn, text och tid på kommentarer, och skribenters namn och profilbild vid
          artiklarna.
        </li>
        <li>
          <strong>Skribenter</strong> får notiser med namnet och början av texten när någon kommenterar deras artiklar.
        </li>
        <li>
          <strong>Administratörer</strong> ser kommentatorers e-postadresser, listan över användare (användarnamn, namn,
          e-post, kontotyp och senaste inloggning), behörighetsförfrågningar samt inkomna tips, kontaktmeddelanden och
          annonsförfrågningar.
        </li>
        <li>Alla medarbetare med åtkomst har tystnadsplikt om vem som har lämnat tips.</li>
      </ul>
    ),
  },
  {
    id: 'rattigheter',
    title: 'Dina rättigheter',
    body: (
      <>
        <p>
          Du har rätt att få veta vilka uppgifter vi har om dig (registerutdrag), att få felaktiga uppgifter rättade,
          att få uppgifter raderade, att begränsa eller invända mot behandlingen och att få ut uppgifter du har lämnat i
          ett maskinläsbart format. Namn, e-post och profilbild ändrar du själv på din profilsida. Att ladda ner dina
          uppgifter och att radera ditt konto gör du också själv där, under rubriken ”Dina uppgifter”.
        </p>
        <h3>Ladda ner dina uppgifter</h3>
        <p>
          Knappen ”Ladda ner mina uppgifter” ger dig direkt en fil i formatet JSON (
          <code>vaggen-mina-uppgifter-ÅÅÅÅ-MM-DD.json</code>) med allt vi sparar om ditt konto: kontouppgifterna, dina
          inloggningar (när de skapades och när de slutar gälla), din API-nyckel (bara när den skapades), alla dina
          kommentarer med artikelns rubrik – också på artiklar som inte längre visas –, dina notiser, dina
          behörighetsförfrågningar, dina anmälningar av kommentarer, eventuella avstängningar av kontot och, om du är
          skribent, artiklarna du har skrivit. Lösenord och nycklar ingår aldrig, inte heller som hash.
        </p>
        <h3>Radera ditt konto</h3>
        <p>
          Under ”Radera mitt konto” raderar du kontot efter att ha bekräftat med ditt lösenord. Det går inte att ångra.
          Kontot tas bort helt: användarnamn, namn, e-postadress, lösenordshash och profilbild (även bildfilen, om ingen
          annan visar samma bild), alla inloggningar och din API-nyckel, dina notiser, dina behörighetsförfrågningar och
          administratörernas notiser om dem, modereringens historik om dig som kommentator och avstängningar av kontot.
          Dina anmälningar av kommentarer finns kvar för modereringen, men utan koppling till dig och utan din kommentar
          till anmälan. Du väljer själv vad som händer med dina kommentarer:
        </p>
        <ul>
          <li>
            <strong>Behåll dem</strong> – kommentarerna står kvar med sin text men visas som ”Raderad användare”, utan
            namn, e-postadress och koppling till något konto. Notiser som andra har fått om dem visar också ”Raderad
            användare”.
          </li>
          <li>
            <strong>Ta bort dem</strong> – kommentarerna raderas. En kommentar som andra har svarat på visas som
            ”Kommentaren har raderats.” utan namn och text, så att svaren behåller sitt sammanhang.
          </li>
        </ul>
        <p>
          Artiklar du har skrivit som skribent finns kvar med ditt namn som byline, eftersom de är publicerat
          journalistiskt material, men utan länk till något konto. Den enda administratören kan inte radera sitt konto
          förrän någon annan har blivit administratör.
        </p>
        <p>
          Tips, kontaktmeddelanden och annonsförfrågningar är inte kopplade till något konto, och en avstängning av en
          e-postadress gäller adressen och inte kontot; de raderas inte med kontot. För dem och för allt annat som rör
          dina uppgifter skriver du till {mail(NEWSROOM.privacyEmail)}, så svarar vi inom en månad. Observera att vi
          inte kan lämna ut eller radera ett anonymt tips utifrån vem som skickade det – vi vet inte vem det var. Är du
          missnöjd med hur vi hanterar dina uppgifter kan du vända dig till Integritetsskyddsmyndigheten (IMY).
        </p>
      </>
    ),
  },
  {
    id: 'barn',
    title: 'Barn',
    body: (
      <p>
        Väggen riktar sig inte till barn under {PRIVACY_AGE_LIMIT} år. Barn under {PRIVACY_AGE_LIMIT} år får inte skapa
        konto, kommentera eller skicka uppgifter till oss, och vi sparar inte medvetet uppgifter om dem. Får vi veta att
        ett barn under {PRIVACY_AGE_LIMIT} år har lämnat personuppgifter raderar vi dem. Kontakta oss på{' '}
        {mail(NEWSROOM.privacyEmail)} om du tror att det har hänt.
      </p>
    ),
  },
  {
    id: 'andringar',
    title: 'Ändringar och kontakt',
    body: (
      <p>
        Ändras det vi sparar eller hur vi gör det uppdaterar vi den här sidan och datumet överst. Vid större ändringar
        berättar vi det även på startsidan. Frågor om policyn besvaras på {mail(NEWSROOM.privacyEmail)}.
      </p>
    ),
  },
];

/** Issue 46: an island page (root.tsx): static text, only the shell's islands hydrate. */
export const handle = { islands: true };

export default function Integritetspolicy() {
  return (
    <StaticPage
      kicker="Integritetspolicy"
      title="Så hanterar vi dina uppgifter"
      lead="Vi sparar så lite som möjligt om dig, och bara det vi behöver. Här står exakt vad, varför och hur länge."
      after={
        <p className="privacy-updated">
          <time dateTime={PRIVACY_LAST_UPDATED_ISO}>{PRIVACY_LAST_UPDATED}</time>
        </p>
      }
    >
      <nav className="privacy-toc surface" aria-labelledby="innehall">
        <h2 id="innehall">Innehåll</h2>
        <ol>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="privacy-sections">
        {SECTIONS.map((s, i) => (
          <section key={s.id} id={s.id} className="static-section privacy-section" aria-labelledby={`${s.id}-rubrik`}>
            <h2 id={`${s.id}-rubrik`}>
              {i + 1}. {s.title}
            </h2>
            {s.body}
          </section>
        ))}
      </div>
    </StaticPage>
  );
}
