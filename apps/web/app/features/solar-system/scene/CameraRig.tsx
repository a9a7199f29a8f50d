import { useFrame, useThree } from '@react-three/fiber';
import { CAMERA_FOCUS_ANIMATION_MS } from '@vaggen/contract';
import { useCallback, useEffect, useRef } from 'react';
import { type Object3D, type PerspectiveCamera, Vector3 } from 'three';
import type { OrbitControls as OrbitControlsImpl } from 'three-stdlib';
import { OVERVIEW_CAMERA } from '../lib/layout';
import { easeOutCubic } from '../lib/scale';

export type CameraMode = 'overview' | 'animating' | 'tracking' | 'free';

export const OVERVIEW_POSITION = new Vector3(...OVERVIEW_CAMERA.position);
const ORIGIN = new Vector3(0, 0, 0);

/** A body the camera can fly to: its group in the scene and how far from it the camera stops. */
export interface FocusTarget {
  group: Object3D;
  focus: number;
}

/**
 * Spec 001 §4: selecting a body animates the camera to it (1000 ms, ease-out) and then tracks it;
 * moving the camera by hand (OrbitControls' start event) stops tracking. Selecting nothing flies
 * back to the overview.
 */
export function CameraRig({
  selectedId,
  targets,
  onModeChange,
}: {
  selectedId: number | null;
  targets: Map<number, FocusTarget>;
  onModeChange: (mode: CameraMode) => void;
}) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const controls = useThree((s) => s.controls) as unknown as OrbitControlsImpl | null;
  const invalidate = useThree((s) => s.invalidate);
  const state = useRef({
    mode: 'overview' as CameraMode,
    pendingStart: false,
    startTime: 0,
    startPos: new Vector3(),
    startTarget: new Vector3(),
    goalDir: new Vector3(),
    goalPos: new Vector3(),
    bodyPos: new Vector3(),
    lastBodyPos: new Vector3(),
  });
  const modeCallback = useRef(onModeChange);
  modeCallback.current = onModeChange;
  const setMode = useCallback((mode: CameraMode) => {
    if (state.current.mode === mode) return;
    state.current.mode = mode;
    modeCallback.current(mode);
  }, []);

  const firstRun = useRef(true);
  useEffect(() => {
    if (firstRun.current && selectedId === null) {
      firstRun.current = false;
      return;
    }
    firstRun.current = false;
    state.current.pendingStart = true;
    setMode('animating');
    invalidate(); // the flight's first frame when nothing else draws
  }, [selectedId, setMode, invalidate]);

  // Moving the camera by hand ends the animation or the tracking.
  useEffect(() => {
    if (!controls) return;
    const onStart = () => {
      const s = state.current;
      if (s.mode === 'animating' || s.mode === 'tracking') {
        s.pendingStart = false;
        setMode('free');
      }
    };
    controls.addEventListener('start', onStart);
    return () => controls.removeEventListener('start', onStart);
  }, [controls, setMode]);

  useFrame(({ clock }) => {
    const s = state.current;
    if (!controls || (s.mode !== 'animating' && s.mode !== 'tracking')) return;
    const target = selectedId === null ? null : targets.get(selectedId);
    if (target) target.group.getWorldPosition(s.bodyPos);
    else s.bodyPos.copy(ORIGIN);

    if (s.pendingStart) {
      s.pendingStart = false;
      s.startTime = clock.elapsedTime;
      s.startPos.copy(camera.position);
      s.startTarget.copy(controls.target);
      if (!target) {
        s.goalDir.copy(OVERVIEW_POSITION);
      } else if (s.bodyPos.lengthSq() < 1e-6) {
        s.goalDir.set(0, 0.35, 1).normalize().multiplyScalar(target.focus);
      } else {
        // Look from the sunlit side, a little ahead and above.
        const ux = -s.bodyPos.x;
        const uz = -s.bodyPos.z;
        const len = Math.hypot(ux, uz) || 1;
        s.goalDir
          .set((ux / len) * 0.75 + (uz / len) * 0.55, 0.4, (uz / len) * 0.75 - (ux / len) * 0.55)
          .normalize()
          .multiplyScalar(target.focus);
      }
    }

    if (s.mode === 'animating') {
      invalidate(); // the next frame of the flight, also while the planets stand still
      const t = ((clock.elapsedTime - s.startTime) * 1000) / CAMERA_FOCUS_ANIMATION_MS;
      const e = easeOutCubic(t);
      s.goalPos.copy(s.bodyPos).add(s.goalDir);
      camera.position.lerpVectors(s.startPos, s.goalPos, e);
      controls.target.lerpVectors(s.startTarget, s.bodyPos, e);
      if (t >= 1) {
        s.lastBodyPos.copy(s.bodyPos);
        setMode(target ? 'tracking' : 'overview');
      }
    } else {
      // Tracking: move with the body, keeping the distance and angle the camera has.
      camera.position.x += s.bodyPos.x - s.lastBodyPos.x;
      camera.position.y += s.bodyPos.y - s.lastBodyPos.y;
      camera.position.z += s.bodyPos.z - s.lastBodyPos.z;
      controls.target.copy(s.bodyPos);
      s.lastBodyPos.copy(s.bodyPos);
    }
  });
  return null;
}
