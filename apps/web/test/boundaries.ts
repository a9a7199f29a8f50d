/**
 * The web app's import rules, checked (docs/architecture.md, "Web → Boundaries"):
 *
 * 1. A feature never imports another feature (`features/<a>/…` → `features/<b>/…`, its index.ts
 *    included). What several features need lives in `app/lib` (the session, the API client,
 *    paths) or `app/components`; features meet only where a page is composed: route modules
 *    (`app/routes/**`, with composition helpers under `app/routes/compose/`) and the shell
 *    (`root.tsx`, and its islands `shell-islands.tsx` with the list of islands `islands.ts`),
 *    which pass one feature's pieces into another's as props or slots.
 * 2. Outside a feature and outside composition code, only its public API (`features/<name>/index.ts`)
 *    may be imported.
 * 3. `app/lib` (helpers below everything) imports neither components, routes nor features;
 *    `app/components` (shared UI) imports no routes and no features. No exceptions.
 * 4. No import cycle among the app's files (type-only and lazy imports count too).
 *
 * Test files are left out: they are not shipped and may reach into what they test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import ts from 'typescript';

/** Source files by path relative to the web app's folder, e.g. `app/features/auth/api.ts`. */
export type SourceTree = Record<string, string>;

export interface Violation {
  rule: 'feature-to-feature' | 'feature-internals' | 'layer' | 'cycle';
  from: string;
  to: string;
  message: string;
}

/** Files that compose features and so may import their internals. */
const COMPOSITION = [
  /^app\/routes\//,
  /^app\/root\.tsx$/,
  /^app\/routes\.ts$/,
  // issue 46: the shell's islands and the list of every island compose features as root.tsx does
  /^app\/shell-islands\.tsx$/,
  /^app\/islands\.ts$/,
];

const CODE = /\.(ts|tsx|mts|mjs|js|jsx)$/;
const isTest = (p: string) => /\.test\.tsx?$/.test(p);
const featureOf = (p: string) => /^app\/features\/([^/]+)\//.exec(p)?.[1] ?? null;

/** Every source file under `app/` of the web app at `webRoot`. */
export function readWebTree(webRoot: string): SourceTree {
  const tree: SourceTree = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (CODE.test(entry.name)) tree[relative(webRoot, full).split('\\').join('/')] = readFileSync(full, 'utf8');
    }
  };
  walk(join(webRoot, 'app'));
  return tree;
}

/** The relative imports of one file (static, re-exports, side-effect and dynamic), resolved. */
export function importsOf(path: string, source: string, tree: SourceTree): string[] {
  const info = ts.preProcessFile(source, true, true);
  const out: string[] = [];
  for (const ref of info.importedFiles) {
    const spec = ref.fileName.replace(/\?.*$/, '');
    if (!spec.startsWith('.')) continue; // packages: not ours to police here
    const base = posix.normalize(posix.join(posix.dirname(path), spec));
    const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
    out.push(candidates.find((c) => c in tree) ?? base); // unresolved (CSS, assets): keep the path
  }
  return out;
}

function ruleViolation(from: string, to: string): Violation | null {
  const composing = COMPOSITION.some((re) => re.test(from));
  const source = featureOf(from);
  const target = featureOf(to);
  if (source && target && source !== target) {
    return {
      rule: 'feature-to-feature',
      from,
      to,
      message: `${from} (feature "${source}") imports ${to} (feature "${target}"): features never import each other; move what both need to app/lib or app/components, or compose the two in a route (pass a prop or slot)`,
    };
  }
  const layerOf = (p: string) =>
    p.startsWith('app/lib/')
      ? 'lib'
      : p.startsWith('app/components/')
        ? 'components'
        : p.startsWith('app/routes/')
          ? 'routes'
          : p.startsWith('app/features/')
            ? 'features'
            : 'other';
  const a = layerOf(from);
  const b = layerOf(to);
  const refused =
    (a === 'lib' && (b === 'components' || b === 'routes' || b === 'features')) ||
    (a === 'components' && (b === 'routes' || b === 'features'));
  if (refused) {
    return {
      rule: 'layer',
      from,
      to,
      message: `${from} (app/${a}) imports ${to} (app/${b}): shared code must not depend on ${b}`,
    };
  }
  if (target && !source && !composing && !/^app\/features\/[^/]+\/index\.tsx?$/.test(to)) {
    return {
      rule: 'feature-internals',
      from,
      to,
      message: `${from} imports ${to}, an internal file of feature "${target}": import from features/${target} (its index.ts) instead`,
    };
  }
  return null;
}

/** Every cycle, as one representative path per strongly connected group (Tarjan). */
function findCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return groups;
}

/** All violations of the rules in `tree`, sorted; an empty list means the boundaries hold. */
export function checkBoundaries(tree: SourceTree): Violation[] {
  const violations: Violation[] = [];
  const graph = new Map<string, string[]>();
  for (const [path, source] of Object.entries(tree)) {
    if (isTest(path)) continue;
    const targets = importsOf(path, source, tree).filter((t) => !isTest(t));
    graph.set(
      path,
      targets.filter((t) => t in tree),
    );
    for (const to of targets) {
      const v = ruleViolation(path, to);
      if (v) violations.push(v);
    }
  }
  for (const group of findCycles(graph)) {
    violations.push({
      rule: 'cycle',
      from: group[0],
      to: group[group.length - 1],
      message: `import cycle among: ${group.join(', ')}`,
    });
  }
  return violations.sort((x, y) => `${x.from} ${x.to}`.localeCompare(`${y.from} ${y.to}`));
}
