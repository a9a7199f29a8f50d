import {
  CATEGORY_LABEL_SINGULAR,
  discoveryLabel,
  type Element,
  formatAtomicWeight,
  formatDecimalSv,
  STATE_LABELS,
} from '@vaggen/contract';
import { useEffect, useRef, useState } from 'react';
import { PropertyList } from '../../../components/PropertyList';
import { AppLink } from '../../../lib/router-bridge';
import { CATEGORY_COLORS } from '../colors';
import type { AtomMode } from './AtomModel';
import { AtomView, ModelLegend } from './AtomView';

const nf = (x: number, unit = '', digits = 6) => `${formatDecimalSv(x, digits)}${unit ? ` ${unit}` : ''}`;

/** Kelvin with degrees Celsius beside it. */
const kelvin = (k: number | null) =>
  k === null ? '–' : `${nf(k, 'K', 2)} (${nf(Number((k - 273.15).toFixed(2)), '°C', 2)})`;

export function elementProperties(e: Element): [string, string][] {
  return [
    ['Atomnummer', String(e.atomic_number)],
    ['Symbol', e.symbol],
    ['Namn', `${e.name} (engelska: ${e.name_en})`],
    ['Atommassa', `${formatAtomicWeight(e)} u`],
    ['Kategori', CATEGORY_LABEL_SINGULAR[e.category]],
    ['Block', e.block],
    ['Period', String(e.period)],
    ['Grupp', e.group === null ? '–' : String(e.group)],
    ['Elektronkonfiguration', e.electron_configuration],
    ['Elektroner per skal', e.electron_shells.join(', ')],
    ['Tillstånd vid rumstemperatur', STATE_LABELS[e.state_at_room_temp]],
    ['Elektronegativitet (Pauling)', e.electronegativity === null ? '–' : nf(e.electronegativity)],
    ['Smältpunkt', kelvin(e.melting_point)],
    ['Kokpunkt', kelvin(e.boiling_point)],
    ['Densitet', e.density === null ? '–' : nf(e.density, 'g/cm³', 7)],
    ['Upptäckt', discoveryLabel(e)],
  ];
}

export function massNumberOf(e: Element): number {
  return Math.round(e.atomic_weight);
}

export function ModelToggle({ mode, onChange }: { mode: AtomMode; onChange: (m: AtomMode) => void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, not a form field set
    <div className="model-toggle" role="group" aria-label="Atommodell">
      {(['bohr', 'quantum'] as const).map((m) => (
        <button key={m} type="button" aria-pressed={mode === m} onClick={() => onChange(m)}>
          {m === 'bohr' ? 'Bohr' : 'Quantum'}
        </button>
      ))}
    </div>
  );
}

/** The details panel: Bohr / Quantum 3D model, the property list and "View Isotopes". */
export function ElementDetails({ element, onClose }: { element: Element; onClose: () => void }) {
  const [mode, setMode] = useState<AtomMode>('bohr');
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus the heading whenever another element opens
  useEffect(() => {
    heading.current?.focus();
  }, [element.atomic_number]);
  useEffect(() => {
    const onKey = (ev: KeyboardEvent) => {
      if (ev.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <aside className="element-details" aria-labelledby="element-details-title" data-testid="element-details">
      <header className="details-head">
        <div className="details-tile" style={{ background: CATEGORY_COLORS[element.category] }}>
          <span className="pt-number">{element.atomic_number}</span>
          <span className="details-symbol">{element.symbol}</span>
        </div>
        <div>
          <h2 id="element-details-title" ref={heading} tabIndex={-1}>
            {element.name}
          </h2>
          <p className="details-sub">
            {element.name_en} · {CATEGORY_LABEL_SINGULAR[element.category]}
          </p>
        </div>
        <button type="button" className="details-close" onClick={onClose} aria-label="Stäng detaljer">
          ×
        </button>
      </header>
      <ModelToggle mode={mode} onChange={setMode} />
      <div className="atom-stage">
        <AtomView
          key={element.atomic_number}
          symbol={element.symbol}
          atomicNumber={element.atomic_number}
          massNumber={massNumberOf(element)}
          shells={element.electron_shells}
          electronConfiguration={element.electron_configuration}
          mode={mode}
        />
      </div>
      <ModelLegend mode={mode} configuration={element.electron_configuration} shells={element.electron_shells} />
      <PropertyList rows={elementProperties(element)} className="property-list" />
      <AppLink className="button view-isotopes" href={`/element-view/${element.atomic_number}/isotopes`}>
        View Isotopes
      </AppLink>
    </aside>
  );
}
