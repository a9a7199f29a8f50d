import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkBoundaries, readWebTree, type SourceTree } from './boundaries';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('web boundaries (docs/architecture.md)', () => {
  const tree = readWebTree(webRoot);

  it('reads the whole app', () => {
    expect(Object.keys(tree).length).toBeGreaterThan(100);
    expect(tree['app/features/auth/index.ts']).toBeDefined();
  });

  it('holds in the app: no feature imports another, no feature internals reached from outside, no layer broken, no cycle', () => {
    expect(checkBoundaries(tree).map((v) => v.message)).toEqual([]);
  });

  it('catches a violation planted in the real tree', () => {
    const planted: SourceTree = {
      ...tree,
      'app/features/comments/components/CommentsSection.tsx': `import { authApi } from '../../auth/api';\n${tree['app/features/comments/components/CommentsSection.tsx']}`,
    };
    expect(checkBoundaries(planted).map((v) => [v.rule, v.from, v.to])).toEqual([
      ['feature-to-feature', 'app/features/comments/components/CommentsSection.tsx', 'app/features/auth/api.ts'],
    ]);
  });

  it('catches a feature importing another through its index, planted in the real tree', () => {
    const planted: SourceTree = {
      ...tree,
      'app/features/articles/components/ArticlePage.tsx': `import { CommentsSlot } from '../../comments';\n${tree['app/features/articles/components/ArticlePage.tsx']}`,
    };
    expect(checkBoundaries(planted).map((v) => [v.rule, v.from, v.to])).toEqual([
      ['feature-to-feature', 'app/features/articles/components/ArticlePage.tsx', 'app/features/comments/index.ts'],
    ]);
  });

  it('catches the header and the API client importing a feature, planted in the real tree', () => {
    const planted: SourceTree = {
      ...tree,
      'app/components/Header.tsx': `import { Ticker } from '../features/ticker/components/Ticker';\n${tree['app/components/Header.tsx']}`,
      'app/lib/api.ts': `import { authApi } from '../features/auth';\n${tree['app/lib/api.ts']}`,
    };
    expect(checkBoundaries(planted).map((v) => [v.rule, v.from, v.to])).toEqual([
      ['layer', 'app/components/Header.tsx', 'app/features/ticker/components/Ticker.tsx'],
      // auth's api imports the API client: the planted import closes a loop too
      ['cycle', 'app/features/auth/api.ts', 'app/lib/session/api.ts'],
      ['layer', 'app/lib/api.ts', 'app/features/auth/index.ts'],
    ]);
  });
});

describe('the boundary checker, on a fixture', () => {
  const fixture: SourceTree = {
    // allowed: a feature's own files and lib, routes and the shell composing features (internals too)
    'app/features/a/index.ts': `export { A } from './components/A';`,
    'app/features/a/components/A.tsx': `import { helper } from '../helper';\nexport const A = helper;`,
    'app/features/a/helper.ts': `import { fmt } from '../../lib/fmt';\nexport const helper = fmt;`,
    'app/features/b/index.ts': `export { B } from './B';`,
    'app/routes/page.tsx': `import { A } from '../features/a/components/A';\nimport css from '../features/a/a.css?url';`,
    'app/routes/compose/slots.tsx': `import { A } from '../../features/a';\nimport { B } from '../../features/b/B';`,
    'app/root.tsx': `import { B } from './features/b';\nimport { Shell } from './components/Shell';`,
    'app/lib/fmt.ts': `export const fmt = 1;`,
    'app/components/Shell.tsx': `import { fmt } from '../lib/fmt';`,
    // planted: a feature importing another through its index.ts (static and type-only)
    'app/features/b/B.tsx': `import { A } from '../a';\nimport type { T } from '../a/index';\nexport const B = A;`,
    // planted: a feature importing another's internals, through a static, a re-export, a dynamic import
    'app/features/c/C.tsx': `import { helper } from '../a/helper';\nexport { A } from '../a/components/A';\nconst L = () => import('../b/B');`,
    // planted: other shared code (neither a feature nor composition) reaching into a feature's internals
    'app/context.ts': `import { helper } from './features/a/helper';`,
    // planted: the shared layers reaching up (a header composing features is no exception)
    'app/lib/bad.ts': `import { A } from '../features/a';`,
    'app/components/Bad.tsx': `import { page } from '../routes/page';`,
    'app/components/Header.tsx': `import { B } from '../features/b';`,
    // planted: a cycle of three files
    'app/features/d/one.ts': `import { two } from './two';`,
    'app/features/d/two.ts': `import { three } from './three';`,
    'app/features/d/three.ts': `import type { one } from './one';`,
    // tests may reach in
    'app/features/e/e.test.ts': `import { helper } from '../a/helper';`,
  };

  it('reports exactly the planted violations', () => {
    expect(checkBoundaries(fixture).map((v) => `${v.rule}: ${v.from} -> ${v.to}`)).toEqual([
      'layer: app/components/Bad.tsx -> app/routes/page.tsx',
      'layer: app/components/Header.tsx -> app/features/b/index.ts',
      'feature-internals: app/context.ts -> app/features/a/helper.ts',
      'feature-to-feature: app/features/b/B.tsx -> app/features/a/index.ts',
      'feature-to-feature: app/features/b/B.tsx -> app/features/a/index.ts',
      'feature-to-feature: app/features/c/C.tsx -> app/features/a/components/A.tsx',
      'feature-to-feature: app/features/c/C.tsx -> app/features/a/helper.ts',
      'feature-to-feature: app/features/c/C.tsx -> app/features/b/B.tsx',
      'cycle: app/features/d/one.ts -> app/features/d/two.ts',
      'layer: app/lib/bad.ts -> app/features/a/index.ts',
    ]);
  });

  it('names the fix in its message', () => {
    const [v] = checkBoundaries({
      'app/other/X.ts': `import { y } from '../features/y/inner/y';`,
      'app/features/y/inner/y.ts': 'export const y = 1;',
    });
    expect(v.message).toBe(
      'app/other/X.ts imports app/features/y/inner/y.ts, an internal file of feature "y": import from features/y (its index.ts) instead',
    );
    const [w] = checkBoundaries({
      'app/features/x/X.ts': `import { y } from '../y';`,
      'app/features/y/index.ts': 'export const y = 1;',
    });
    expect(w.message).toBe(
      'app/features/x/X.ts (feature "x") imports app/features/y/index.ts (feature "y"): features never import each other; move what both need to app/lib or app/components, or compose the two in a route (pass a prop or slot)',
    );
  });
});
