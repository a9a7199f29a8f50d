import { parseConfiguration, SCIENCE_MSG } from '@vaggen/contract';
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { AtomMode, AtomModelProps } from './AtomModel';
import { BohrDiagram } from './BohrDiagram';

const AtomModel = lazy(() => import('./AtomModel'));

/** True when the browser can create a WebGL context. */
export function hasWebGL(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

class ModelBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The 3D model's props, plus the symbol the flat Bohr diagram shows when WebGL is missing. */
export type AtomViewProps = AtomModelProps & { symbol: string };

/**
 * The 3D atom, loaded on demand, only in the browser. Without WebGL (or if three.js fails) it shows a flat
 * Bohr diagram and says why.
 */
export function AtomView(props: AtomViewProps) {
  const [webgl, setWebgl] = useState<boolean | null>(null);
  useEffect(() => setWebgl(hasWebGL()), []);
  const flat = (
    <div className="atom-fallback">
      <BohrDiagram
        symbol={props.symbol}
        protons={props.atomicNumber}
        neutrons={props.massNumber - props.atomicNumber}
        shells={props.shells}
      />
      <p className="atom-note">{SCIENCE_MSG.noWebgl}</p>
    </div>
  );
  const loading = (
    <div className="atom-canvas atom-loading" aria-busy="true">
      Laddar 3D-modell...
    </div>
  );
  if (webgl === null) return loading;
  if (!webgl) return flat;
  return (
    <ModelBoundary fallback={flat}>
      <Suspense fallback={loading}>
        <AtomModel
          atomicNumber={props.atomicNumber}
          massNumber={props.massNumber}
          shells={props.shells}
          electronConfiguration={props.electronConfiguration}
          mode={props.mode}
          interactive={props.interactive}
        />
      </Suspense>
    </ModelBoundary>
  );
}

/** Shell names K, L, M … with their electrons: "K 2 · L 8 · M 14 · N 2". */
export const shellSummary = (shells: number[]) => shells.map((e, i) => `${'KLMNOPQ'[i] ?? i + 1} ${e}`).join(' · ');

export function ModelLegend({
  mode,
  configuration,
  shells,
}: {
  mode: AtomMode;
  configuration: string;
  shells: number[];
}) {
  if (mode === 'bohr') {
    return (
      <p className="atom-legend">
        <span className="dot dot-proton" /> protoner <span className="dot dot-neutron" /> neutroner{' '}
        <span className="dot dot-electron" /> elektroner — skal: {shellSummary(shells)}
      </p>
    );
  }
  const subshells = parseConfiguration(configuration.replace(/\[[A-Za-z]+\]/, ''));
  return (
    <p className="atom-legend">
      Orbitaler utanför ädelgaskärnan:{' '}
      {subshells.map((s) => (
        <span key={`${s.n}${s.l}`} className={`orb orb-${s.l}`}>
          {s.n}
          {s.l}
          <sup>{s.electrons}</sup>
        </span>
      ))}{' '}
      — {configuration}
    </p>
  );
}
