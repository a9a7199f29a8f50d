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
import type { CelestialBody } from '@vaggen/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  AdditiveBlending,
  BackSide,
  BufferGeometry,
  Color,
  DoubleSide,
  Float32BufferAttribute,
  type Group,
  LineBasicMaterial,
  type Material,
  type Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  RingGeometry,
  SphereGeometry,
  SRGBColorSpace,
  type Texture,
  TextureLoader,
} from 'three';
import { type BodyLayout, layoutBodies, OVERVIEW_CAMERA, RING_INNER } from '../lib/layout';
import { type CameraMode, CameraRig, type FocusTarget, OVERVIEW_POSITION } from './CameraRig';
import { colourTexture, ringTexture } from './ring-textures';

export type { CameraMode };

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
