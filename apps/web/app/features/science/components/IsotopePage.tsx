import {
  CATEGORY_LABEL_SINGULAR,
  ELEMENT_COUNT,
  formatAtomicWeight,
  halfLifeEveryday,
  type Isotope,
  type IsotopesResponse,
  isotopeName,
  SCIENCE_MSG,
} from '@vaggen/contract';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PropertyList } from '../../../components/PropertyList';
import { fetchIsotopes, InvalidDataError, isNotFound } from '../api';
import { CATEGORY_COLORS } from '../colors';
import { halfLifeText, isotopeDetailRows, percentText } from '../isotope-details';
import type { AtomMode } from './AtomModel';
import { AtomView, ModelLegend } from './AtomView';
import { ModelToggle } from './ElementDetails';
import { AbundanceBars, NeutronProtonChart } from './IsotopeCharts';

type Load =
  | { state: 'loading' }
  | { state: 'error'; title: string; detail: string }
  | { state: 'ready'; data: IsotopesResponse };

function IsotopeDetails({ symbol, isotope, all }: { symbol: string; isotope: Isotope; all: Isotope[] }) {
  const isomers = all.filter((x) => x.mass_number === isotope.mass_number && x.id !== isotope.id);
  const rows = isotopeDetailRows(isotope);
  return (
    <section className="isotope-details surface" aria-labelledby="isotope-details-title" data-testid="isotope-details">
      <h2 id="isotope-details-title">{isotopeName(symbol, isotope)}</h2>
      <PropertyList rows={rows} className="property-list" />
      {isomers.length > 0 && (
        <p className="isomer-note">
          Samma masstal: {isomers.map((x) => `${isotopeName(symbol, x)} (${halfLifeText(x)})`).join(', ')}
        </p>
      )}
    </section>
  );
}

/** The isotope page (spec 001 §2): both /element-view/:n/isotopes and /elements/:n/isotopes. */
export function IsotopePage({ atomicNumber }: { atomicNumber: string }) {
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [showStable, setShowStable] = useState(true);
  const [showUnstable, setShowUnstable] = useState(true);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [mode, setMode] = useState<AtomMode>('bohr');
  const z = /^\d{1,4}$/.test(atomicNumber) ? Number(atomicNumber) : null;
  const known = z !== null && z >= 1 && z <= ELEMENT_COUNT;

  useEffect(() => {
    let cancelled = false;
    if (z === null) {
      setLoad({ state: 'error', title: SCIENCE_MSG.elementNotFound, detail: 'Det finns inget sådant grundämne.' });
      return;
    }
    setLoad({ state: 'loading' });
    fetchIsotopes(z)
      .then((data) => {
        if (cancelled) return;
        setLoad({ state: 'ready', data });
        // Start on the most abundant isotope, else the longest-lived.
        const ground = data.isotopes.filter((i) => i.isomer === null);
        const best =
          ground.filter((i) => i.abundance !== null).sort((a, b) => (b.abundance ?? 0) - (a.abundance ?? 0))[0] ??
          [...ground].sort((a, b) => (b.half_life_seconds ?? 0) - (a.half_life_seconds ?? 0))[0];
        setSelectedId(best?.id ?? null);
      })
      .catch((err) => {
        if (cancelled) return;
        console.error('isotope load failed', err);
        setLoad(
          isNotFound(err)
            ? { state: 'error', title: SCIENCE_MSG.elementNotFound, detail: 'Det finns inget sådant grundämne.' }
            : {
                state: 'error',
                title: err instanceof InvalidDataError ? SCIENCE_MSG.invalidDataFormat : SCIENCE_MSG.errorLoadingData,
                detail: SCIENCE_MSG.isotopesLoadError,
              },
        );
      });
    return () => {
      cancelled = true;
    };
  }, [z]);

  const back = () => navigate(known ? `/periodic-table?element=${z}` : '/periodic-table');
  const isotopes = load.state === 'ready' ? load.data.isotopes : [];
  const ground = useMemo(() => isotopes.filter((i) => i.isomer === null), [isotopes]);
  const visible = useMemo(
    () => ground.filter((i) => (i.stable ? showStable : showUnstable)),
    [ground, showStable, showUnstable],
  );
  const selected = isotopes.find((i) => i.id === selectedId) ?? null;

  const backButton = (
    <button type="button" className="back-button" onClick={back}>
      ← Tillbaka till periodiska systemet
    </button>
  );

  if (load.state === 'loading') {
    return (
      <div className="iso-page">
        {backButton}
        <div className="pt-skeleton" role="status" aria-busy="true">
          <p>{SCIENCE_MSG.loadingIsotopes}</p>
        </div>
      </div>
    );
  }
  if (load.state === 'error') {
    return (
      <div className="iso-page">
        <div className="science-error surface" role="alert">
          <h1>{load.title}</h1>
          <p>{load.detail}</p>
          <button type="button" className="button" onClick={back}>
            Tillbaka till periodiska systemet
          </button>
        </div>
      </div>
    );
  }

  const { element, source } = load.data;
  const stable = ground.filter((i) => i.stable);
  const natural = ground.filter((i) => i.abundance !== null).sort((a, b) => (b.abundance ?? 0) - (a.abundance ?? 0));
  const longest = ground
    .filter((i) => !i.stable && i.half_life_seconds !== null)
    .sort((a, b) => (b.half_life_seconds ?? 0) - (a.half_life_seconds ?? 0))[0];
  const massNumber = natural[0]?.mass_number ?? longest?.mass_number ?? Math.round(element.atomic_weight);

  return (
    <div className="iso-page">
      {backButton}
      <header className="iso-summary">
        <div className="details-tile details-tile-large" style={{ background: CATEGORY_COLORS[element.category] }}>
          <span className="pt-number">{element.atomic_number}</span>
          <span className="details-symbol">{element.symbol}</span>
          <span className="tile-weight">{formatAtomicWeight(element)}</span>
        </div>
        <div>
          <h1 className="page-title">Isotoper av {element.name.toLocaleLowerCase('sv-SE')}</h1>
          <p className="details-sub">
            {element.name_en} · {CATEGORY_LABEL_SINGULAR[element.category]} · {element.electron_configuration}
          </p>
        </div>
      </header>

      <div className="iso-top">
        <section className="iso-model" aria-label="Atommodell">
          <ModelToggle mode={mode} onChange={setMode} />
          <div className="atom-stage">
            <AtomView
              symbol={element.symbol}
              atomicNumber={element.atomic_number}
              massNumber={massNumber}
              shells={element.electron_shells}
              electronConfiguration={element.electron_configuration}
              mode={mode}
            />
          </div>
          <ModelLegend mode={mode} configuration={element.electron_configuration} shells={element.electron_shells} />
        </section>

        <section className="iso-distribution surface" aria-labelledby="iso-dist-title">
          <h2 id="iso-dist-title">Fördelning</h2>
          <ul className="stat-list" data-testid="distribution">
            <li>
              <strong>{ground.length}</strong> isotoper i datamängden
            </li>
            <li>
              <strong>{stable.length}</strong> stabila, <strong>{ground.length - stable.length}</strong> instabila
            </li>
            <li>
              {natural.length > 0 ? (
                <>
                  Vanligast i naturen: <strong>{isotopeName(element.symbol, natural[0] as Isotope)}</strong> (
                  {percentText((natural[0] as Isotope).abundance as number)})
                </>
              ) : (
                'Förekommer inte naturligt i mätbar mängd'
              )}
            </li>
            {longest && (
              <li>
                Längst halveringstid bland de instabila: <strong>{isotopeName(element.symbol, longest)}</strong> (
                {halfLifeText(longest)})
              </li>
            )}
          </ul>
          <p className="iso-source">
            Källa: {source.kind === 'builtin' ? 'inbyggt urval ur NUBASE2020' : source.name}. {source.citation}.
          </p>

          <label className="iso-select">
            <span>Isotop</span>
            <select
              value={selectedId ?? ''}
              onChange={(e) => setSelectedId(Number(e.target.value))}
              data-testid="isotope-select"
            >
              {isotopes.map((i) => (
                <option key={i.id} value={i.id}>
                  {isotopeName(element.symbol, i)} — {halfLifeText(i)}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="iso-filters">
            <legend>Visa</legend>
            <label>
              <input type="checkbox" checked={showStable} onChange={(e) => setShowStable(e.target.checked)} /> Stabila
            </label>
            <label>
              <input type="checkbox" checked={showUnstable} onChange={(e) => setShowUnstable(e.target.checked)} />{' '}
              Instabila
            </label>
          </fieldset>
        </section>
      </div>

      {visible.length === 0 ? (
        <p className="science-empty" role="status">
          {SCIENCE_MSG.noIsotopesMatch}
        </p>
      ) : (
        <>
          <NeutronProtonChart
            symbol={element.symbol}
            atomicNumber={element.atomic_number}
            isotopes={visible}
            selectedId={selectedId}
            onSelect={setSelectedId}
          />
          <AbundanceBars symbol={element.symbol} isotopes={visible} selectedId={selectedId} onSelect={setSelectedId} />
        </>
      )}

      <div className="iso-bottom">
        <div className="iso-table-wrap surface">
          <table className="iso-table" data-testid="isotope-table">
            <caption>Isotoper av {element.name.toLocaleLowerCase('sv-SE')}</caption>
            <thead>
              <tr>
                <th scope="col">Isotop</th>
                <th scope="col">N</th>
                <th scope="col">Förekomst</th>
                <th scope="col">Halveringstid</th>
                <th scope="col">Sönderfall</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((i) => (
                <tr key={i.id} className={i.id === selectedId ? 'is-selected' : undefined} data-stable={i.stable}>
                  <th scope="row">
                    <button type="button" className="link-button" onClick={() => setSelectedId(i.id)}>
                      {isotopeName(element.symbol, i)}
                    </button>
                  </th>
                  <td>{i.neutron_count}</td>
                  <td>{i.abundance === null ? '–' : percentText(i.abundance)}</td>
                  <td>
                    {halfLifeText(i)}
                    {halfLifeEveryday(i.half_life_seconds) && (
                      <span className="hl-everyday">{halfLifeEveryday(i.half_life_seconds)}</span>
                    )}
                  </td>
                  <td>{i.stable ? '–' : (i.decay_mode ?? 'Okänt')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {selected && <IsotopeDetails symbol={element.symbol} isotope={selected} all={isotopes} />}
      </div>
      <p className="iso-more">
        <Link to={`/periodic-table?element=${element.atomic_number}`}>
          Visa {element.name.toLocaleLowerCase('sv-SE')} i periodiska systemet
        </Link>
      </p>
    </div>
  );
}
