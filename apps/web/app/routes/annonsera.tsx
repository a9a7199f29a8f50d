import {
  AD_AUDIENCE_GENDER_SPLIT,
  AD_INQUIRY_TYPE_LABELS,
  AD_NEWSLETTER_OPEN_RATE_PERCENT,
  type AdInquiryType,
} from '@vaggen/contract';
import { AdInquiryFormIsland } from '../features/static-pages/components/AdInquiryForm';
import { Section, StaticPage } from '../features/static-pages/components/StaticPage';
import { NEWSROOM, telHref } from '../features/static-pages/newsroom';
import styles from '../features/static-pages/static-pages.css?url';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/annonsera';

/** Issue 46: an island page — the form hydrates alone (decision 054). */
export const handle = { islands: true };
export const links = () => [{ rel: 'stylesheet', href: styles }];
export const loader = ({ context }: Route.LoaderArgs) => ({ origin: context.origin });
export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    title: 'Annonsera',
    description: `Annonsera hos Väggen: banner, native, nyhetsbrev, sponsrat innehåll och paket. ${AD_NEWSLETTER_OPEN_RATE_PERCENT} % öppnar vårt nyhetsbrev. Ladda ner mediekitet eller skicka en förfrågan.`,
    url: `${data?.origin ?? ''}/annonsera`,
  });

const OPTIONS: Record<AdInquiryType, string> = {
  banner:
    'Bildannonser i sidospalten på startsidan, i kategorierna och bredvid artiklarna – kvadratiska eller som bred banner.',
  native: 'En annons i samma form som våra artikelkort, mitt i nyhetsflödet och alltid tydligt märkt som annons.',
  newsletter: 'Synas i nyhetsbrevet som läsarna själva har valt att få, med en enda annonsör per utskick.',
  sponsoredContent:
    'Artiklar som ni tar fram tillsammans med vår annonsavdelning – aldrig med redaktionen – märkta ”Sponsrat innehåll”.',
  package: 'Kombinera flera format under en kampanjperiod. Vi föreslår en mix utifrån mål och budget.',
  other: 'En egen idé – ett evenemang, en tävling eller något helt nytt? Berätta, så hittar vi en form.',
};

export default function Annonsera() {
  const { women, men } = AD_AUDIENCE_GENDER_SPLIT;
  return (
    <StaticPage
      kicker="Annonsera"
      title="Nå läsare som vill veta mer"
      lead="Väggens läsare kommer till oss för att förstå vad som händer – i Sverige, i världen och på deras egen gata. Annonsera där uppmärksamheten finns, bredvid journalistik man litar på."
    >
      <Section id="annonsformer" title="Annonsformer">
        <ul className="card-grid cols-3">
          {(Object.keys(OPTIONS) as AdInquiryType[]).map((t) => (
            <li key={t}>
              <h3>{AD_INQUIRY_TYPE_LABELS[t]}</h3>
              <p>{OPTIONS[t]}</p>
            </li>
          ))}
        </ul>
        <p>
          Alla annonser märks tydligt och påverkar aldrig vad redaktionen skriver. Vi visar inga annonser från
          annonsnätverk och följer inte läsarna med spårare – ni når dem genom sammanhanget, inte genom deras data.
        </p>
      </Section>

      <Section id="publik" title="Vår publik">
        <div className="stat-grid">
          <div className="stat surface">
            <span className="stat-value">{AD_NEWSLETTER_OPEN_RATE_PERCENT} %</span>
            <span className="stat-label">öppnar vårt nyhetsbrev</span>
            <p className="field-hint">Genomsnittlig andel av prenumeranterna som öppnar varje utskick.</p>
          </div>
          <div className="stat surface">
            <span className="stat-value">
              {women}/{men}
            </span>
            <span className="stat-label">kvinnor och män bland läsarna</span>
            <div
              className="split-bar"
              role="img"
              aria-label={`Könsfördelning: ${women} procent kvinnor, ${men} procent män`}
            >
              <span style={{ width: `${women}%` }} />
              <span style={{ width: `${men}%` }} />
            </div>
            <div className="split-legend" aria-hidden="true">
              <span>Kvinnor {women} %</span>
              <span>Män {men} %</span>
            </div>
          </div>
        </div>
        <p>
          Våra läsare finns i hela landet och läser oss för nyheter, politik och ekonomi – och stannar för kultur, sport
          och teknik. Mediekitet innehåller formaten, måtten och hur du bokar.
        </p>
        <div className="media-kit">
          <a className="button" href={NEWSROOM.mediaKit} download>
            Ladda ner mediekit (PDF)
          </a>
          <span className="field-hint">Väggen mediekit 2025 · format, publik och bokning</span>
        </div>
      </Section>

      <div className="static-columns">
        <Section id="forfragan" title="Skicka en förfrågan">
          <AdInquiryFormIsland />
        </Section>
        <aside className="static-card surface" aria-labelledby="annonsavdelningen">
          <h2 id="annonsavdelningen">Annonsavdelningen</h2>
          <ul className="fact-list">
            <li>
              <span className="fact-label">E-post</span>
              <a href={`mailto:${NEWSROOM.adsEmail}`}>{NEWSROOM.adsEmail}</a>
            </li>
            <li>
              <span className="fact-label">Telefon</span>
              <a href={telHref(NEWSROOM.adsPhone)}>{NEWSROOM.adsPhone}</a> (vardagar 8–17)
            </li>
            <li>
              <span className="fact-label">Svarstid</span>
              Inom en arbetsdag
            </li>
          </ul>
          <p className="field-hint">
            Vi tackar nej till annonser som strider mot lag, är vilseledande eller kan förväxlas med redaktionellt
            innehåll.
          </p>
        </aside>
      </div>
    </StaticPage>
  );
}
