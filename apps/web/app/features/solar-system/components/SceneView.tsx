import { type CelestialBody, TEXTURE_LOADING_TIMEOUT_MS } from '@vaggen/contract';
import { Component, lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { CameraMode } from '../scene/SolarSystemScene';
import { ScenePoster } from './ScenePoster';

// three.js, react-three-fiber and drei live only in this chunk (spec: heavy libraries lazy-loaded).
const SolarSystemScene = lazy(() => import('../scene/SolarSystemScene'));

class SceneErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (this.state.failed) {
      return (
        <p className="solar-scene-message" role="status">
          3D-vyn kunde inte visas i den här webbläsaren (WebGL saknas eller är avstängt). Tabellen och faktarutan
          fungerar ändå.
        </p>
      );
    }
    return this.props.children;
  }
}

/** True while the tab is hidden: the 3D frame loop stops then (no work for an unseen page). */
function usePageHidden(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const update = () => setHidden(document.hidden);
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return hidden;
}

const MODE_TEXT: Record<CameraMode, string> = {
  overview: 'Översikt',
  animating: 'Flyger till',
  tracking: 'Följer',
  free: 'Fri kamera',
};

/**
 * The scene: first a still picture of the overview, then the 3D view with its texture-loading overlay
 * (spec 001 §4: gone on load or after 3 s). The 3D view (three.js, ~250 KB gzipped, seconds of a
 * phone's main thread) loads only when the reader reaches for the scene: pointing at or touching it,
 * focusing its controls, selecting a body or starting the motion (decision 041).
 */
export function SceneView({
  bodies,
  selected,
  onSelect,
  onClear,
}: {
  bodies: CelestialBody[];
  selected: CelestialBody | null;
  onSelect: (id: number) => void;
  onClear: () => void;
}) {
  const [started, setStarted] = useState(false);
  const [texturesLoading, setTexturesLoading] = useState(false);
  const [mode, setMode] = useState<CameraMode>('overview');
  const [ready, setReady] = useState(false);
  const [overlayDeadline, setOverlayDeadline] = useState(0);
  const hidden = usePageHidden();
  // The planets stand still until the reader starts them (decision 034): no moving content starts
  // by itself (WCAG 2.2.2), and a phone does not draw 60 frames a second for a decoration.
  const [moving, setMoving] = useState(false);
  const start = useCallback(() => setStarted(true), []);

  // Selecting a body (in the table) or starting the motion needs the 3D view.
  useEffect(() => {
    if (selected || moving) setStarted(true);
  }, [selected, moving]);

  useEffect(() => {
    if (!started) return;
    setTexturesLoading(true);
    setOverlayDeadline(performance.now() + TEXTURE_LOADING_TIMEOUT_MS);
    // Fallback when no frame runs (e.g. WebGL failed); the scene also checks the deadline per frame.
    const timer = window.setTimeout(() => setTexturesLoading(false), TEXTURE_LOADING_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [started]);
  // Committed at once (not at React's next convenient moment): the frame loop keeps the main
  // thread busy, and the overlay must not outlive its 3 seconds.
  const onTexturesSettled = useCallback(() => flushSync(() => setTexturesLoading(false)), []);
  const onReady = useCallback(() => setReady(true), []);

  const status =
    mode === 'overview' || !selected
      ? mode === 'free'
        ? MODE_TEXT.free
        : MODE_TEXT.overview
      : mode === 'free'
        ? `${MODE_TEXT.free} – ${selected.name} vald`
        : `${MODE_TEXT[mode]} ${selected.name}`;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the handlers only start loading the 3D view; the buttons and the table are the controls
    <div
      className="solar-scene"
      data-view={started ? '3d' : 'picture'}
      data-camera-mode={mode}
      data-scene-ready={ready ? 'true' : 'false'}
      data-paused={hidden ? 'true' : 'false'}
      data-motion={moving ? 'on' : 'off'}
      onPointerEnter={started ? undefined : start}
      onPointerDown={started ? undefined : start}
      onFocus={started ? undefined : start}
    >
      {!ready && <ScenePoster bodies={bodies} />}
      {started && overlayDeadline > 0 && (
        <SceneErrorBoundary>
          <Suspense fallback={<p className="solar-scene-message">Laddar 3D-vyn…</p>}>
            <SolarSystemScene
              bodies={bodies}
              selectedId={selected?.id ?? null}
              onSelect={onSelect}
              onTexturesSettled={onTexturesSettled}
              overlayDeadline={overlayDeadline}
              onModeChange={setMode}
              onReady={onReady}
              paused={hidden}
              moving={moving}
            />
          </Suspense>
        </SceneErrorBoundary>
      )}
      {texturesLoading && (
        <div className="solar-texture-overlay" data-testid="texture-overlay" role="status" aria-live="polite">
          <span className="solar-spinner spinner" aria-hidden="true" />
          Laddar texturer…
        </div>
      )}
      <div className="solar-scene-bar">
        <span className="solar-camera-status" data-testid="camera-status" aria-live="polite">
          {status}
        </span>
        <span className="solar-scene-actions">
          <button type="button" className="solar-scene-button" onClick={() => setMoving((m) => !m)}>
            {moving ? 'Pausa rörelsen' : 'Starta rörelsen'}
          </button>
          {(selected || mode === 'free') && (
            <button type="button" className="solar-scene-button" onClick={onClear}>
              Visa hela solsystemet
            </button>
          )}
        </span>
      </div>
      <p className="solar-scene-hint">
        {started
          ? 'Dra för att vrida, scrolla eller nyp för att zooma, klicka på en himlakropp.'
          : 'Peka på bilden eller välj en himlakropp för att öppna 3D-vyn.'}
      </p>
    </div>
  );
}
