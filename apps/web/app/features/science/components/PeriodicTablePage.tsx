import {
  CATEGORY_LABELS,
  ELEMENT_COUNT,
  type Element,
  type ElementBlock,
  type ElementCategory,
  type PeriodicTableResponse,
  SCIENCE_MSG,
} from '@vaggen/contract';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { island } from '../../../lib/island';
import { TOOL_ISLANDS } from '../../../lib/lazy-islands';
import { usePageLocation, useReplaceSearch } from '../../../lib/router-bridge';
import { fetchPeriodicTable, InvalidDataError } from '../api';
import { CATEGORY_COLORS } from '../colors';
import { ElementDetails } from './ElementDetails';
import { ElementGrid } from './ElementGrid';
import { StatsCharts } from './StatsCharts';

/**
 * The page's title and introduction, the same in every state: the server's HTML shows them at once
 * (issue 20: the largest text of the page paints with the page, not after the data and hydration).
 */
function PageHeader({ total = ELEMENT_COUNT, intro = true }: { total?: number; intro?: boolean }) {
  return (
    <header className="pt-header">
      <h1 className="page-title">Periodiska systemet</h1>
      {intro && (
        <p className="pt-intro">
          Alla {total} grundämnen. Välj ett grundämne för att se dess atommodell, egenskaper och isotoper. Filtrera på
          kategori eller block.
        </p>
      )}
    </header>
  );
}

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; data: PeriodicTableResponse };

function FilterBar<T extends string>({
  label,
  options,
  value,
  onChange,
  swatch,
}: {
  label: string;
  options: { value: T; label: string }[];
  value: T | null;
  onChange: (v: T | null) => void;
  swatch?: (v: T) => string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar of toggle buttons, not a form field set
    <div className="pt-filter" role="group" aria-label={label}>
      <span className="pt-filter-label">{label}</span>
      <button type="button" aria-pressed={value === null} onClick={() => onChange(null)}>
        Alla
      </button>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          data-filter={o.value}
          onClick={() => onChange(value === o.value ? null : o.value)}
        >
          {swatch && <span className="swatch" style={{ background: swatch(o.value) }} aria-hidden="true" />}
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** /periodic-table: filters, the grid, the details panel of the selected element and the statistics. */
export function PeriodicTablePage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [category, setCategory] = useState<ElementCategory | null>(null);
  const [block, setBlock] = useState<ElementBlock | null>(null);
  // The selected element is in the address (`?element=26`): through the router bridge, so the page
  // works in the full app and as an island page (issue 46) alike.
  const { search } = usePageLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const replaceSearch = useReplaceSearch();
  const lastButton = useRef<HTMLElement | null>(null);
  const selectedParam = Number(params.get('element'));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the request on "Försök igen"
  useEffect(() => {
    let cancelled = false;
    setLoad({ state: 'loading' });
    fetchPeriodicTable()
      // The table (118 buttons, the statistics) renders as a transition: React yields to the browser
      // every few milliseconds instead of one long task (Lighthouse's TBT reached 199 ms at 4× CPU).
      .then((data) => !cancelled && startTransition(() => setLoad({ state: 'ready', data })))
      .catch((err) => {
        if (cancelled) return;
        console.error('periodic table load failed', err);
        setLoad({
          state: 'error',
          message: err instanceof InvalidDataError ? SCIENCE_MSG.invalidDataFormat : SCIENCE_MSG.errorLoadingData,
        });
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const elements = load.state === 'ready' ? load.data.elements : [];
  const selected: Element | null =
    Number.isInteger(selectedParam) && selectedParam > 0 ? (elements[selectedParam - 1] ?? null) : null;

  const select = useCallback(
    (z: number) => {
      lastButton.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const next = new URLSearchParams(params);
      next.set('element', String(z));
      replaceSearch(next);
    },
    [params, replaceSearch],
  );
  const close = useCallback(() => {
    const next = new URLSearchParams(params);
    next.delete('element');
    replaceSearch(next);
    lastButton.current?.focus();
  }, [params, replaceSearch]);

  const matches = useCallback(
    (e: Element) => (category === null || e.category === category) && (block === null || e.block === block),
    [category, block],
  );
  const matchCount = useMemo(() => elements.filter(matches).length, [elements, matches]);

  if (load.state === 'loading') {
    return (
      <div className="pt-page">
        <PageHeader />
        <div className="pt-skeleton" aria-busy="true" role="status">
          <p>{SCIENCE_MSG.loading}</p>
        </div>
      </div>
    );
  }
  if (load.state === 'error') {
    return (
      <div className="pt-page">
        <PageHeader intro={false} />
        <div className="science-error surface" role="alert">
          <h2>{load.message}</h2>
          <p>Det gick inte att hämta grundämnena just nu.</p>
          <button type="button" className="button" onClick={() => setAttempt((a) => a + 1)}>
            Försök igen
          </button>
        </div>
      </div>
    );
  }

  const { metadata } = load.data;
  return (
    <div className={`pt-page${selected ? ' has-details' : ''}`}>
      <PageHeader total={metadata.total} />
      <FilterBar
        label="Kategori"
        options={metadata.categories.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
        value={category}
        onChange={setCategory}
        swatch={(c) => CATEGORY_COLORS[c]}
      />
      <FilterBar
        label="Block"
        options={metadata.blocks.map((b) => ({ value: b, label: `${b}-block` }))}
        value={block}
        onChange={setBlock}
      />
      <p className="pt-count" aria-live="polite">
        {matchCount === 0 ? SCIENCE_MSG.noElementsMatch : `${matchCount} av ${elements.length} grundämnen visas`}
      </p>
      <ElementGrid elements={elements} selected={selected?.atomic_number ?? null} matches={matches} onSelect={select} />
      {selected && <ElementDetails element={selected} onClose={close} />}
      <StatsCharts elements={elements} onSelect={select} />
      <p className="pt-sources">Källor: {metadata.sources.join('; ')}.</p>
    </div>
  );
}

/** Issue 46: the table as an island of its page (its code fetched by that page only: islands.ts). */
export const PeriodicTablePageIsland = island(TOOL_ISLANDS.periodicTable, PeriodicTablePage);
