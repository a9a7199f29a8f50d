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

  it('holds in the app: no feature internals reached from outside, no layer broken, no cycle', () => {
    expect(checkBoundaries(tree).map((v) => v.message)).toEqual([]);
  });

  it('catches a violation planted in the real tree', () => {
    const planted: SourceTree = {
      ...tree,
      'app/features/comments/components/CommentsSection.tsx': `import { useSession } from '../../auth/session';\n${tree['app/features/comments/components/CommentsSection.tsx']}`,
    };
    expect(checkBoundaries(planted).map((v) => [v.rule, v.from, v.to])).toEqual([
      ['feature-internals', 'app/features/comments/components/CommentsSection.tsx', 'app/features/auth/session.tsx'],
    ]);
  });
});

describe('the boundary checker, on a fixture', () => {
  const fixture: SourceTree = {
    // allowed: a feature's own files, another feature's index.ts, routes composing internals
    'app/features/a/index.ts': `export { A } from './components/A';`,
    'app/features/a/components/A.tsx': `import { helper } from '../helper';\nexport const A = helper;`,
    'app/features/a/helper.ts': `import { fmt } from '../../lib/fmt';\nexport const helper = fmt;`,
    'app/features/b/index.ts': `export { B } from './B';`,
    'app/features/b/B.tsx': `import { A } from '../a';\nimport type { T } from '../a/index';\nexport const B = A;`,
    'app/routes/page.tsx': `import { A } from '../features/a/components/A';\nimport css from '../features/a/a.css?url';`,
    'app/lib/fmt.ts': `export const fmt = 1;`,
    // planted: internals, through a static, a re-export, a dynamic import
    'app/features/c/C.tsx': `import { helper } from '../a/helper';\nexport { A } from '../a/components/A';\nconst L = () => import('../b/B');`,
    // planted: the shared layers reaching up
    'app/lib/bad.ts': `import { A } from '../features/a';`,
    'app/components/Bad.tsx': `import { page } from '../routes/page';`,
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
      'feature-internals: app/features/c/C.tsx -> app/features/a/components/A.tsx',
      'feature-internals: app/features/c/C.tsx -> app/features/a/helper.ts',
      'feature-internals: app/features/c/C.tsx -> app/features/b/B.tsx',
      'cycle: app/features/d/one.ts -> app/features/d/two.ts',
      'layer: app/lib/bad.ts -> app/features/a/index.ts',
    ]);
  });

  it('names the fix in its message', () => {
    const [v] = checkBoundaries({
      'app/features/x/X.ts': `import { y } from '../y/inner/y';`,
      'app/features/y/inner/y.ts': 'export const y = 1;',
    });
    expect(v.message).toBe(
      'app/features/x/X.ts imports app/features/y/inner/y.ts, an internal file of feature "y": import from features/y (its index.ts) instead',
    );
  });
});
