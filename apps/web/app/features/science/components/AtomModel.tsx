// The 3D atom (three.js through react-three-fiber). Loaded lazily (AtomView / AtomModelAd), so three.js
// lands in its own chunk that only the science pages and a shown atom ad fetch.
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { parseConfiguration, type Subshell } from '@vaggen/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

export type AtomMode = 'bohr' | 'quantum';

export interface AtomModelProps {
  atomicNumber: number;
  /** Mass number used for the nucleus (protons + neutrons). */
  massNumber: number;
  /** Electrons per shell (K, L, M …). */
  shells: number[];
  electronConfiguration: string;
  mode: AtomMode;
  /** Drag to turn and scroll to zoom (details panels); the ads only turn by themselves. */
  interactive?: boolean;
}

const SUBSHELL_COLORS: Record<Subshell['l'], string> = { s: '#3b82f6', p: '#ef4444', d: '#22c55e', f: '#a855f7' };
const PROTON = '#e03131';
const NEUTRON = '#adb5bd';
const ELECTRON = '#1c7ed6';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Points spread evenly over a sphere (Fibonacci lattice). */
function spherePoints(count: number, radius: number): THREE.Vector3[] {
  const pts: THREE.Vector3[] = [];
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let i = 0; i < count; i++) {
    const y = count === 1 ? 0 : 1 - (i / (count - 1)) * 2;
    const r = Math.sqrt(1 - y * y);
    const theta = golden * i;
    pts.push(new THREE.Vector3(Math.cos(theta) * r * radius, y * radius, Math.sin(theta) * r * radius));
  }
  return pts;
}

/** A cluster of protons (red) and neutrons (grey); big nuclei are drawn with at most 60 nucleons. */
function Nucleus({ protons, neutrons, scale = 1 }: { protons: number; neutrons: number; scale?: number }) {
  const nucleons = useMemo(() => {
    const total = protons + neutrons;
    const shown = Math.min(total, 60);
    const p = Math.max(1, Math.round((protons / total) * shown));
    const radius = 0.09 * Math.cbrt(shown) * scale;
    const out: { pos: THREE.Vector3; proton: boolean }[] = [];
    // Shells of points, inner ones smaller, so the cluster looks solid.
    let left = shown;
    let layer = 0;
    while (left > 0) {
      const r = Math.max(0, radius - layer * 0.09 * scale);
      const n = r === 0 ? left : Math.min(left, Math.max(1, Math.round(4 * Math.PI * (r / (0.09 * scale)) ** 2 * 0.9)));
      for (const pos of spherePoints(n, r)) out.push({ pos, proton: false });
      left -= n;
      layer++;
    }
    // Alternate protons and neutrons so both colours show on the surface.
    const step = out.length / p;
    for (let i = 0; i < p; i++) {
      const item = out[Math.floor(i * step)];
      if (item) item.proton = true;
    }
    return out;
  }, [protons, neutrons, scale]);
  return (
    <group>
      {nucleons.map((n, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed layout, never reordered
        <mesh key={i} position={n.pos}>
          <sphereGeometry args={[0.075 * scale, 16, 12]} />
          <meshStandardMaterial color={n.proton ? PROTON : NEUTRON} roughness={0.45} />
        </mesh>
      ))}
    </group>
  );
}

function Shell({
  radius,
  electrons,
  index,
  animate,
}: {
  radius: number;
  electrons: number;
  index: number;
  animate: boolean;
}) {
  const ref = useRef<THREE.Group>(null);
  useFrame((_, dt) => {
    if (animate && ref.current) ref.current.rotation.z += dt * (0.9 / (index + 1.2));
  });
  const tilt = (index % 2 === 0 ? 1 : -1) * 0.12 * index;
  return (
    <group rotation={[tilt, tilt * 0.6, 0]}>
      <mesh>
        <torusGeometry args={[radius, 0.012, 8, 128]} />
        <meshBasicMaterial color="#868e96" transparent opacity={0.6} />
      </mesh>
      <group ref={ref}>
        {Array.from({ length: electrons }, (_, i) => {
          const a = (i / electrons) * Math.PI * 2;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: electrons are identical
            <mesh key={i} position={[Math.cos(a) * radius, Math.sin(a) * radius, 0]}>
              <sphereGeometry args={[0.075, 14, 10]} />
              <meshStandardMaterial color={ELECTRON} emissive={ELECTRON} emissiveIntensity={0.35} />
            </mesh>
          );
        })}
      </group>
    </group>
  );
}

export const shellRadius = (i: number) => 1 + i * 0.62;

function Bohr({
  protons,
  neutrons,
  shells,
  animate,
}: {
  protons: number;
  neutrons: number;
  shells: number[];
  animate: boolean;
}) {
  return (
    <group rotation={[0.5, 0, 0]}>
      <Nucleus protons={protons} neutrons={neutrons} />
      {shells.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: shells are positional (K, L, M …)
        <Shell key={i} index={i} radius={shellRadius(i)} electrons={e} animate={animate} />
      ))}
    </group>
  );
}

/** A teardrop lobe from the origin along +Y, length 1. */
function useLobeGeometry() {
  return useMemo(() => {
    const pts: THREE.Vector2[] = [];
    for (let i = 0; i <= 24; i++) {
      const t = i / 24;
      pts.push(new THREE.Vector2(Math.sin(Math.PI * t) * 0.3 * (0.35 + 0.65 * t), t));
    }
    return new THREE.LatheGeometry(pts, 32);
  }, []);
}

const UP = new THREE.Vector3(0, 1, 0);

function Lobe({
  geometry,
  dir,
  length,
  color,
  opacity,
}: {
  geometry: THREE.BufferGeometry;
  dir: [number, number, number];
  length: number;
  color: string;
  opacity: number;
}) {
  const quaternion = useMemo(
    () => new THREE.Quaternion().setFromUnitVectors(UP, new THREE.Vector3(...dir).normalize()),
    [dir],
  );
  return (
    <mesh geometry={geometry} quaternion={quaternion} scale={[length, length, length]}>
      <meshStandardMaterial
        color={color}
        transparent
        opacity={opacity}
        depthWrite={false}
        side={THREE.DoubleSide}
        roughness={0.3}
      />
    </mesh>
  );
}

type Dir = [number, number, number];
const r = Math.SQRT1_2;
/** Lobe directions of each orbital of a subshell (p: 3, d: 5, f: 7), shapes as in chemistry textbooks. */
const ORBITAL_LOBES: Record<'p' | 'd' | 'f', Dir[][]> = {
  p: [
    [
      [1, 0, 0],
      [-1, 0, 0],
    ],
    [
      [0, 1, 0],
      [0, -1, 0],
    ],
    [
      [0, 0, 1],
      [0, 0, -1],
    ],
  ],
  d: [
    [
      [r, r, 0],
      [-r, -r, 0],
      [r, -r, 0],
      [-r, r, 0],
    ],
    [
      [r, 0, r],
      [-r, 0, -r],
      [r, 0, -r],
      [-r, 0, r],
    ],
    [
      [0, r, r],
      [0, -r, -r],
      [0, r, -r],
      [0, -r, r],
    ],
    [
      [1, 0, 0],
      [-1, 0, 0],
      [0, 0, 1],
      [0, 0, -1],
    ],
    [
      [0, 1, 0],
      [0, -1, 0],
    ], // dz² (with its ring, drawn separately)
  ],
  f: [
    [
      [0, 1, 0],
      [0, -1, 0],
    ], // fz³ (with two rings)
    [1, -1].flatMap((a) => [1, -1].flatMap((b) => [1, -1].map((c) => [a * 0.577, b * 0.577, c * 0.577] as Dir))), // fxyz: 8 lobes
    [0, 1, 2, 3, 4, 5].map((k) => [Math.cos((k * Math.PI) / 3), 0, Math.sin((k * Math.PI) / 3)] as Dir),
    [0, 1, 2, 3, 4, 5].map((k) => [Math.cos((k * Math.PI) / 3), Math.sin((k * Math.PI) / 3), 0] as Dir),
    [0, 1, 2, 3, 4, 5].map((k) => [0, Math.cos((k * Math.PI) / 3), Math.sin((k * Math.PI) / 3)] as Dir),
    [1, -1].flatMap((a) => [1, -1].flatMap((b) => [[a * r, b * 0.5, 0.5] as Dir, [a * r, b * 0.5, -0.5] as Dir])),
    [1, -1].flatMap((a) => [1, -1].flatMap((b) => [[0.5, a * r, b * 0.5] as Dir, [-0.5, a * r, b * 0.5] as Dir])),
  ],
};
const CAPACITY = { s: 1, p: 3, d: 5, f: 7 } as const;

/** Electrons in each orbital of a subshell by Hund's rule: singly first, then paired. */
export function orbitalOccupancy(l: Subshell['l'], electrons: number): number[] {
  const n = CAPACITY[l];
  return Array.from({ length: n }, (_, k) => (electrons <= n ? (k < electrons ? 1 : 0) : k < electrons - n ? 2 : 1));
}

/** The subshells beyond the noble-gas core: what the quantum model draws. */
export function valenceSubshells(configuration: string): Subshell[] {
  const all = parseConfiguration(configuration);
  const coreless = parseConfiguration(configuration.replace(/\[[A-Za-z]+\]/, ''));
  return coreless.length ? coreless : all;
}

function SubshellShape({ shell, geometry }: { shell: Subshell; geometry: THREE.BufferGeometry }) {
  const color = SUBSHELL_COLORS[shell.l];
  const size = 0.7 + shell.n * 0.42;
  const occ = orbitalOccupancy(shell.l, shell.electrons);
  const alpha = (o: number) => (o === 0 ? 0.05 : o === 1 ? 0.22 : 0.38);
  if (shell.l === 's') {
    return (
      <mesh>
        <sphereGeometry args={[size * 0.85, 40, 28]} />
        <meshStandardMaterial color={color} transparent opacity={alpha(occ[0] ?? 0) * 0.8} depthWrite={false} />
      </mesh>
    );
  }
  const orbitals = ORBITAL_LOBES[shell.l];
  return (
    <group>
      {orbitals.map((lobes, k) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: orbitals are positional
        <group key={k}>
          {lobes.map((dir, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lobes are positional
            <Lobe key={j} geometry={geometry} dir={dir} length={size} color={color} opacity={alpha(occ[k] ?? 0)} />
          ))}
          {((shell.l === 'd' && k === 4) || (shell.l === 'f' && k === 0)) && (
            <mesh rotation={[Math.PI / 2, 0, 0]}>
              <torusGeometry args={[size * 0.42, size * 0.1, 12, 48]} />
              <meshStandardMaterial color={color} transparent opacity={alpha(occ[k] ?? 0)} depthWrite={false} />
            </mesh>
          )}
        </group>
      ))}
    </group>
  );
}

function Quantum({ configuration, animate }: { configuration: string; animate: boolean }) {
  const geometry = useLobeGeometry();
  const shells = useMemo(() => valenceSubshells(configuration), [configuration]);
  const ref = useRef<THREE.Group>(null);
  useFrame((_, dt) => {
    if (animate && ref.current) ref.current.rotation.y += dt * 0.25;
  });
  return (
    <group ref={ref} rotation={[0.45, 0.6, 0]}>
      <mesh>
        <sphereGeometry args={[0.12, 16, 12]} />
        <meshStandardMaterial color={PROTON} />
      </mesh>
      {shells.map((s) => (
        <SubshellShape key={`${s.n}${s.l}`} shell={s} geometry={geometry} />
      ))}
    </group>
  );
}

function Controls() {
  const { camera, gl } = useThree();
  const ref = useRef<OrbitControls | null>(null);
  useEffect(() => {
    const c = new OrbitControls(camera, gl.domElement);
    c.enablePan = false;
    c.enableDamping = true;
    c.minDistance = 2;
    c.maxDistance = 30;
    ref.current = c;
    return () => c.dispose();
  }, [camera, gl]);
  useFrame(() => ref.current?.update());
  return null;
}

/** Marks the wrapper once a frame has been drawn (tests and screenshots wait for it). */
function RenderedFlag({ onRendered }: { onRendered: () => void }) {
  const done = useRef(false);
  useFrame(() => {
    if (!done.current) {
      done.current = true;
      onRendered();
    }
  });
  return null;
}

export default function AtomModel({
  atomicNumber,
  massNumber,
  shells,
  electronConfiguration,
  mode,
  interactive = true,
}: AtomModelProps) {
  const [rendered, setRendered] = useState(false);
  const animate = !prefersReducedMotion();
  const outer =
    mode === 'bohr'
      ? shellRadius(Math.max(0, shells.length - 1))
      : 0.7 + Math.max(...shells.map((_, i) => i + 1)) * 0.42;
  const distance = Math.max(4, outer * 2.7);
  return (
    <div
      className="atom-canvas"
      style={{ width: '100%', height: '100%' }}
      data-atom-model={mode}
      data-rendered={rendered ? 'true' : 'false'}
    >
      <Canvas
        key={mode}
        camera={{ position: [0, 0, distance], fov: 45 }}
        dpr={[1, 2]}
        gl={{ antialias: true, powerPreference: 'low-power' }}
        frameloop={animate ? 'always' : 'demand'}
      >
        <ambientLight intensity={0.75} />
        <directionalLight position={[4, 6, 8]} intensity={1.4} />
        <directionalLight position={[-6, -2, -4]} intensity={0.4} />
        {mode === 'bohr' ? (
          <Bohr
            protons={atomicNumber}
            neutrons={Math.max(0, massNumber - atomicNumber)}
            shells={shells}
            animate={animate}
          />
        ) : (
          <Quantum configuration={electronConfiguration} animate={animate} />
        )}
        {interactive && <Controls />}
        <RenderedFlag onRendered={() => setRendered(true)} />
      </Canvas>
    </div>
  );
}
