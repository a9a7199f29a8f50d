/**
 * The 3D solar system (three.js through react-three-fiber and drei). This module is only ever
 * loaded lazily by the /solar-system route, so readers never download it.
 *
 * Performance rules: one shared sphere geometry for all bodies (and one for all moons), one shared
 * circle for every orbit line and one ring geometry for every ring system; each frame only writes
 * numbers into existing objects (no allocations); the frame loop stops while the tab is hidden.
 */

import { OrbitControls, Stars } from '@react-three/drei';
import { Canvas, type ThreeEvent, useFrame, useThree } from '@react-three/fiber';
import { CAMERA_FOCUS_ANIMATION_MS, type CelestialBody } from '@vaggen/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  AdditiveBlending,
  BackSide,
  BufferGeometry,
  Color,
  DataTexture,
  DoubleSide,
  Float32BufferAttribute,
  type Group,
  LinearFilter,
  LineBasicMaterial,
  type Material,
  type Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  type Object3D,
  type PerspectiveCamera,
  RGBAFormat,
  RingGeometry,
  SphereGeometry,
  SRGBColorSpace,
  type Texture,
  TextureLoader,
  Vector3,
} from 'three';
import type { OrbitControls as OrbitControlsImpl } from 'three-stdlib';
import { type BodyLayout, layoutBodies, OVERVIEW_CAMERA, RING_INNER } from '../lib/layout';
import { easeOutCubic } from '../lib/scale';

export type CameraMode = 'overview' | 'animating' | 'tracking' | 'free';

export interface SolarSystemSceneProps {
  bodies: CelestialBody[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Called when every texture has loaded or failed, or once `overlayDeadline` has passed. */
  onTexturesSettled: () => void;
  /** `performance.now()` time after which the loading overlay goes even if textures are still loading. */
  overlayDeadline: number;
  onModeChange: (mode: CameraMode) => void;
  onReady?: () => void;
  /** Stops the frame loop (the tab is hidden). */
  paused: boolean;
  /**
   * The planets orbit and spin. Off, the scene draws only when something changes (the camera, a
   * flight, a texture): no frame loop keeps the main thread busy (WCAG 2.2.2, decision 034).
   */
  moving: boolean;
}

const OVERVIEW_POSITION = new Vector3(...OVERVIEW_CAMERA.position);
const ORIGIN = new Vector3(0, 0, 0);
const TWO_PI = Math.PI * 2;

/** Geometry shared by every body, moon, orbit and ring (created once per scene). */
function useSharedGeometry() {
  const geometry = useMemo(() => {
    const circlePoints: number[] = [];
    for (let i = 0; i < 160; i++) {
      const a = (i / 160) * TWO_PI;
      circlePoints.push(Math.cos(a), 0, Math.sin(a));
    }
    const circle = new BufferGeometry();
    circle.setAttribute('position', new Float32BufferAttribute(circlePoints, 3));
    // Ring with radial texture coordinates: u runs from the inner to the outer edge.
    const ring = new RingGeometry(RING_INNER, 1, 128, 1);
    const pos = ring.attributes.position;
    const uv = ring.attributes.uv;
    for (let i = 0; i < pos.count; i++) {
      const r = Math.hypot(pos.getX(i), pos.getY(i));
      uv.setXY(i, (r - RING_INNER) / (1 - RING_INNER), 0.5);
    }
    return {
      sphere: new SphereGeometry(1, 64, 32),
      moonSphere: new SphereGeometry(1, 24, 16),
      circle,
      ring,
    };
  }, []);
  useEffect(
    () => () => {
      for (const g of Object.values(geometry)) g.dispose();
    },
    [geometry],
  );
  return geometry;
}

/** Ring bands in planet radii: [inner, outer, opacity]. Saturn bright, the others faint. */
const RING_BANDS: Record<string, [number, number, number][]> = {
  saturn: [
    [1.11, 1.24, 0.08],
    [1.24, 1.53, 0.35],
    [1.53, 1.95, 0.92],
    [1.95, 2.03, 0.08],
    [2.03, 2.27, 0.75],
  ],
  jupiter: [
    [1.4, 1.72, 0.05],
    [1.72, 1.81, 0.16],
  ],
  uranus: [
    [1.64, 1.66, 0.3],
    [1.75, 1.77, 0.3],
    [1.83, 1.86, 0.35],
    [1.95, 2.0, 0.55],
  ],
  neptune: [
    [1.66, 1.72, 0.1],
    [2.13, 2.16, 0.22],
    [2.5, 2.56, 0.3],
  ],
};
const RING_COLORS: Record<string, [number, number, number]> = {
  saturn: [226, 208, 170],
  jupiter: [190, 160, 130],
  uranus: [200, 214, 220],
  neptune: [170, 180, 200],
};

/** A 1-pixel-high radial ring texture drawn in the browser from the band table. */
function ringTexture(slug: string, outer: number): DataTexture {
  const width = 512;
  const data = new Uint8Array(width * 4);
  const bands = RING_BANDS[slug] ?? [];
  const [cr, cg, cb] = RING_COLORS[slug] ?? [200, 200, 200];
  for (let i = 0; i < width; i++) {
    const r = (RING_INNER + ((1 - RING_INNER) * (i + 0.5)) / width) * outer;
    let alpha = 0;
    for (const [a, b, o] of bands) if (r >= a && r <= b) alpha = o;
    // Fine ringlets for Saturn.
    if (slug === 'saturn' && alpha > 0.2) alpha *= 0.8 + 0.2 * Math.sin(r * 140) * Math.sin(r * 37);
    const shadeBand = 0.85 + 0.15 * Math.sin(r * 23);
    data[i * 4] = cr * shadeBand;
    data[i * 4 + 1] = cg * shadeBand;
    data[i * 4 + 2] = cb * shadeBand;
    data[i * 4 + 3] = Math.max(0, Math.min(255, alpha * 255));
  }
  const tex = new DataTexture(data, width, 1, RGBAFormat);
  tex.colorSpace = SRGBColorSpace;
  tex.magFilter = LinearFilter;
  tex.minFilter = LinearFilter;
  tex.needsUpdate = true;
  return tex;
}

/** A 1×1 texture of a CSS colour, the stand-in until a body's own texture has loaded. */
function colourTexture(css: string): DataTexture {
  const hex = new Color(css).getHex(); // sRGB, as the texture is tagged
  const tex = new DataTexture(new Uint8Array([(hex >> 16) & 255, (hex >> 8) & 255, hex & 255, 255]), 1, 1, RGBAFormat);
  tex.colorSpace = SRGBColorSpace;
  tex.needsUpdate = true;
  return tex;
}

export interface FocusTarget {
  group: Object3D;
  focus: number;
}

function System({
  layouts,
  targets,
  onSelect,
  onTexturesSettled,
  overlayDeadline,
  moving,
}: {
  layouts: BodyLayout[];
  targets: Map<number, FocusTarget>;
  onSelect: (id: number) => void;
  onTexturesSettled: () => void;
  overlayDeadline: number;
  moving: boolean;
}) {
  const geometry = useSharedGeometry();
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);
  /** Seconds the planets have moved: stands still while the motion is off. */
  const motionTime = useRef(0);
  const bodyGroups = useRef<(Group | null)[]>([]);
  const spinMeshes = useRef<(Mesh | null)[]>([]);
  const moonPivots = useRef<(Group | null)[][]>([]);

  const materials = useMemo(() => {
    const orbitLine = new LineBasicMaterial({ color: '#4b5d86', transparent: true, opacity: 0.45 });
    const moonOrbitLine = new LineBasicMaterial({ color: '#6f7fa3', transparent: true, opacity: 0.3 });
    // Every body starts with a 1×1 texture of its colour, so the shaders are compiled with a map
    // from the first frame and the real texture is a plain swap (no second, slow compile).
    const bodies: (MeshStandardMaterial | MeshBasicMaterial)[] = layouts.map((l) => {
      const map = colourTexture(l.body.color);
      return l.body.type === 'star'
        ? new MeshBasicMaterial({ map })
        : new MeshStandardMaterial({ map, roughness: 0.95, metalness: 0 });
    });
    const moon = new MeshStandardMaterial({ color: '#b9b4ac', roughness: 1, metalness: 0 });
    const glow = new MeshBasicMaterial({
      color: '#ffb347',
      transparent: true,
      opacity: 0.16,
      side: BackSide,
      blending: AdditiveBlending,
      depthWrite: false,
    });
    const rings = layouts.map((l) =>
      l.ringOuter
        ? new MeshBasicMaterial({
            map: ringTexture(l.body.slug, l.ringOuter),
            transparent: true,
            side: DoubleSide,
            depthWrite: false,
          })
        : null,
    );
    return { orbitLine, moonOrbitLine, bodies, moon, glow, rings };
  }, [layouts]);

  useEffect(
    () => () => {
      const all: (Material | null)[] = [
        materials.orbitLine,
        materials.moonOrbitLine,
        materials.moon,
        materials.glow,
        ...materials.bodies,
        ...materials.rings,
      ];
      for (const m of all) {
        if (!m) continue;
        if ('map' in m && m.map) (m.map as Texture).dispose();
        m.dispose();
      }
    },
    [materials],
  );

  // Textures: loaded in the background; bodies show their colour until theirs arrives.
  const settledRef = useRef(onTexturesSettled);
  settledRef.current = onTexturesSettled;
  const overlayDone = useRef(false);
  useEffect(() => {
    let cancelled = false;
    let pending = layouts.length;
    const loader = new TextureLoader();
    const anisotropy = Math.min(8, gl.capabilities.getMaxAnisotropy());
    const settle = () => {
      pending--;
      if (pending === 0 && !cancelled && !overlayDone.current) {
        overlayDone.current = true;
        settledRef.current();
      }
    };
    layouts.forEach((l, i) => {
      loader.load(
        l.body.texture_map_url,
        (tex) => {
          if (cancelled) {
            tex.dispose();
            return;
          }
          tex.colorSpace = SRGBColorSpace;
          tex.anisotropy = anisotropy;
          const m = materials.bodies[i];
          m.map?.dispose();
          m.map = tex;
          m.needsUpdate = true;
          invalidate();
          settle();
        },
        undefined,
        () => settle(),
      );
    });
    return () => {
      cancelled = true;
    };
  }, [layouts, materials, gl, invalidate]);

  useFrame((_, delta) => {
    // The 3-second overlay time-out is also checked here: a busy main thread (software WebGL)
    // can delay timers, but never the frame loop that causes the delay.
    if (!overlayDone.current && performance.now() >= overlayDeadline) {
      overlayDone.current = true;
      settledRef.current();
    }
    // A long gap between frames (a hidden tab, the motion switched back on) is not a jump.
    if (moving) motionTime.current += Math.min(delta, 0.1);
    const t = motionTime.current;
    for (let i = 0; i < layouts.length; i++) {
      const l = layouts[i];
      const g = bodyGroups.current[i];
      if (g && l.orbit > 0) {
        const a = l.phase + t * l.speed;
        g.position.set(Math.cos(a) * l.orbit, 0, -Math.sin(a) * l.orbit);
      }
      const s = spinMeshes.current[i];
      if (s) s.rotation.y = t * l.spin;
      const pivots = moonPivots.current[i];
      if (pivots) {
        for (let j = 0; j < l.moons.length; j++) {
          const p = pivots[j];
          if (p) p.rotation.y = l.moons[j].phase + t * l.moons[j].speed;
        }
      }
    }
  });

  const pointerOver = useCallback((e: ThreeEvent<PointerEvent>) => {
    e.stopPropagation();
    document.body.style.cursor = 'pointer';
  }, []);
  const pointerOut = useCallback(() => {
    document.body.style.cursor = '';
  }, []);
  useEffect(
    () => () => {
      document.body.style.cursor = '';
    },
    [],
  );

  return (
    <>
      {layouts.map((l, i) => (
        <group key={l.body.id} rotation={[l.inclination, 0, 0]}>
          {l.orbit > 0 && <lineLoop geometry={geometry.circle} material={materials.orbitLine} scale={l.orbit} />}
          <group
            ref={(g) => {
              bodyGroups.current[i] = g;
              if (g) targets.set(l.body.id, { group: g, focus: l.focus });
              else targets.delete(l.body.id);
            }}
          >
            <group rotation={[0, 0, l.tilt]}>
              {/* biome-ignore lint/a11y/noStaticElementInteractions: a WebGL mesh, not DOM; the table is the accessible way in */}
              <mesh
                ref={(m) => {
                  spinMeshes.current[i] = m;
                }}
                name={l.body.slug}
                geometry={geometry.sphere}
                material={materials.bodies[i]}
                scale={l.radius}
                onClick={(e) => {
                  e.stopPropagation();
                  onSelect(l.body.id);
                }}
                onPointerOver={pointerOver}
                onPointerOut={pointerOut}
              />
              {l.body.type === 'star' && (
                <mesh geometry={geometry.sphere} material={materials.glow} scale={l.radius * 1.18} />
              )}
              {l.ringOuter > 0 && materials.rings[i] && (
                <mesh
                  geometry={geometry.ring}
                  material={materials.rings[i]}
                  rotation={[-Math.PI / 2, 0, 0]}
                  scale={l.radius * l.ringOuter}
                />
              )}
              {l.moons.map((m, j) => (
                <group key={m.moon.id}>
                  <lineLoop geometry={geometry.circle} material={materials.moonOrbitLine} scale={m.orbit} />
                  <group
                    ref={(p) => {
                      moonPivots.current[i] ??= [];
                      moonPivots.current[i][j] = p;
                    }}
                  >
                    <mesh
                      name={m.moon.slug}
                      geometry={geometry.moonSphere}
                      material={materials.moon}
                      position={[m.orbit, 0, 0]}
                      scale={m.radius}
                    />
                  </group>
                </group>
              ))}
            </group>
          </group>
        </group>
      ))}
    </>
  );
}

/**
 * Spec 001 §4: selecting a body animates the camera to it (1000 ms, ease-out) and then tracks it;
 * moving the camera by hand (OrbitControls' start event) stops tracking. Selecting nothing flies
 * back to the overview.
 */
function CameraRig({
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

export default function SolarSystemScene({
  bodies,
  selectedId,
  onSelect,
  onTexturesSettled,
  overlayDeadline,
  onModeChange,
  onReady,
  paused,
  moving,
}: SolarSystemSceneProps) {
  const layouts = useMemo(() => layoutBodies(bodies), [bodies]);
  const targets = useMemo(() => new Map<number, FocusTarget>(), []);
  return (
    <Canvas
      frameloop={paused ? 'never' : moving ? 'always' : 'demand'}
      dpr={[1, 1.75]}
      camera={{ position: OVERVIEW_POSITION.toArray(), fov: OVERVIEW_CAMERA.fov, near: 0.05, far: 2000 }}
      gl={{ antialias: true, powerPreference: 'high-performance' }}
      onCreated={({ gl }) => {
        // Checking every shader's compile status makes the page wait for the GPU (seconds with
        // software rendering); three.js advises turning it off in production.
        gl.debug.checkShaderErrors = import.meta.env.DEV;
        gl.setClearColor(new Color('#03040b'));
        onReady?.();
      }}
      // A picture to assistive technology (the planets are also listed as buttons beside it);
      // aria-label needs a role on the Canvas's wrapping div (axe aria-prohibited-attr).
      role="img"
      aria-label="3D-vy av solsystemet"
    >
      <ambientLight intensity={0.22} />
      <pointLight position={[0, 0, 0]} intensity={2.8} decay={0} />
      <Stars radius={400} depth={80} count={2500} factor={5} saturation={0} fade speed={0} />
      <System
        layouts={layouts}
        targets={targets}
        onSelect={onSelect}
        onTexturesSettled={onTexturesSettled}
        overlayDeadline={overlayDeadline}
        moving={moving}
      />
      <OrbitControls makeDefault enableDamping dampingFactor={0.08} minDistance={0.6} maxDistance={260} />
      <CameraRig selectedId={selectedId} targets={targets} onModeChange={onModeChange} />
    </Canvas>
  );
}
