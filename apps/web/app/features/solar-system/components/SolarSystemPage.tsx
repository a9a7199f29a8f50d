import { type CelestialBody, SOLAR_SYSTEM_VERSION_LABEL } from '@vaggen/contract';
import { useCallback, useEffect, useState } from 'react';
import { DataState } from '../../../components/DataState';
import { island } from '../../../lib/island';
import { TOOL_ISLANDS } from '../../../lib/lazy-islands';
import { useSolarSystemData } from '../hooks/useSolarSystemData';
import { discoveryDate } from '../lib/format';
import { PlanetDetails } from './PlanetDetails';
import { PlanetTable } from './PlanetTable';
import { SceneView } from './SceneView';

export function SolarSystemPage() {
  const state = useSolarSystemData();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const select = useCallback((id: number) => setSelectedId(id), []);
  const clear = useCallback(() => setSelectedId(null), []);

  // Escape returns to the overview (unless focus is in a form field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !(e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement))
        setSelectedId(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="solar-page">
      <header className="solar-header">
        <h1>Solsystemet</h1>
        <span className="solar-version" data-testid="version-label">
          {SOLAR_SYSTEM_VERSION_LABEL}
        </span>
      </header>
      <p className="solar-scale-note" data-testid="scale-note">
        Obs! Storlekar, avstånd och tider är kraftigt komprimerade – inte skalenliga – så att allt får plats och syns.
        Solen är förminskad, banorna ritas som cirklar och planeterna rör sig mycket snabbare än i verkligheten.
      </p>

      <DataState
        status={state.status}
        className="solar-loading"
        loading={
          <>
            <span className="solar-spinner spinner" aria-hidden="true" /> Laddar solsystemet…
          </>
        }
        error={
          state.status === 'error' && (
            <div className="solar-error" role="alert">
              <h2>Kunde inte ladda solsystemet</h2>
              <p>Uppgifterna om planeterna kunde inte hämtas: {state.message}.</p>
              <button type="button" className="button" onClick={state.retry}>
                Försök igen
              </button>
            </div>
          )
        }
      >
        {() =>
          state.status === 'ready' && (
            <SolarSystemContent
              bodies={state.data.bodies}
              asOf={discoveryDate(state.data.moon_counts_as_of) ?? state.data.moon_counts_as_of}
              selectedId={selectedId}
              onSelect={select}
              onClear={clear}
            />
          )
        }
      </DataState>
    </div>
  );
}

function SolarSystemContent({
  bodies,
  asOf,
  selectedId,
  onSelect,
  onClear,
}: {
  bodies: CelestialBody[];
  asOf: string;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onClear: () => void;
}) {
  const selected = bodies.find((b) => b.id === selectedId) ?? null;
  return (
    <div className="solar-layout">
      <div className="solar-scene-area">
        <SceneView bodies={bodies} selected={selected} onSelect={onSelect} onClear={onClear} />
      </div>
      <div className="solar-table-area">
        <PlanetTable bodies={bodies} selectedId={selectedId} onSelect={onSelect} asOf={asOf} />
      </div>
      <div className="solar-details-area">
        <PlanetDetails body={selected} asOf={asOf} />
      </div>
    </div>
  );
}

/** Issue 46: the solar system as an island of its page (its code fetched by that page only: islands.ts). */
export const SolarSystemPageIsland = island(TOOL_ISLANDS.solarSystem, SolarSystemPage);
