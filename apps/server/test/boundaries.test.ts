import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBoundaries, readTree } from './boundaries.js';

const SRC = path.resolve(import.meta.dirname, '../src');

/** A small tree that keeps every rule; each planted breach below changes one file of it. */
const clean = (): Map<string, string> =>
  new Map([
    [
      'app.ts',
      "import { createServices } from './services.js';\nimport { articlesRoutes } from './modules/articles/routes.js';",
    ],
    [
      'services.ts',
      "import { ArticlesService } from './modules/articles/service.js';\nimport { CommentsService } from './modules/comments/service.js';",
    ],
    ['lib/util.ts', 'export const x = 1;'],
    ['db/index.ts', 'export type Db = unknown;'],
    ['jobs/index.ts', "import type { Services } from '../services.js';"],
    [
      'ssr/ssr.ts',
      "import { x } from '../lib/util.js';\nimport type { ArticlesService } from '../modules/articles/service.js';",
    ],
    ['seed/index.ts', "import type { Services } from '../services.js';"],
    [
      'modules/articles/service.ts',
      [
        "import type { Db } from '../../db/index.js';",
        "import type { CommentsService } from '../comments/service.js';",
        "import { publicProfiles } from '../users/public-profile.js';",
        "import { helper } from './helper.js';",
        "export class ArticlesService { q(db: Db) { return db.selectFrom('articles as a').leftJoin(publicProfiles(db).as('u'), 'u.id', 'a.author_id'); } }",
        "// a comment naming selectFrom('users') is not a query",
      ].join('\n'),
    ],
    ['modules/articles/helper.ts', "import { x } from '../../lib/util.js';\nexport const helper = x;"],
    [
      'modules/articles/routes.ts',
      "import { requireRole } from '../../http/guards.js';\nimport type { ArticlesService } from './service.js';",
    ],
    ['http/guards.ts', 'export const requireRole = 1;'],
    [
      'modules/comments/service.ts',
      "import type { ArticlesService } from '../articles/service.js';\nexport class CommentsService {}",
    ],
    [
      'modules/comments/b.test.ts',
      "import { helper } from '../articles/helper.js';\nimport { buildApp } from '../../app.js';",
    ],
    ['modules/users/public-profile.ts', "export const publicProfiles = (db: any) => db.selectFrom('users');"],
  ]);

const plant = (file: string, text: string) => {
  const files = clean();
  files.set(file, `${files.get(file) ?? ''}\n${text}`);
  return checkBoundaries(files);
};

describe('server boundaries (decision 014)', () => {
  it('the source tree keeps every rule: public files, layers, no cycles, own tables only', () => {
    const files = readTree(SRC);
    expect(files.size).toBeGreaterThan(50);
    expect(checkBoundaries(files)).toEqual([]);
  });

  describe('the checker catches planted violations', () => {
    it('accepts the clean fixture (type-only mutual imports and tests are fine)', () => {
      expect(checkBoundaries(clean())).toEqual([]);
    });

    it("a module importing another module's internal file", () => {
      expect(plant('modules/comments/service.ts', "import { helper } from '../articles/helper.js';")).toEqual([
        'modules/comments/service.ts: imports modules/articles/helper.ts, an internal file of the articles module (public: service.ts)',
      ]);
      // routes.ts is public to app.ts only
      expect(plant('services.ts', "import { articlesRoutes } from './modules/articles/routes.js';")).toEqual([
        'services.ts: imports modules/articles/routes.ts, an internal file of the articles module (public: service.ts)',
      ]);
    });

    it('lib/ importing a module, and anything importing upward', () => {
      expect(plant('lib/util.ts', "import type { ArticlesService } from '../modules/articles/service.js';")).toEqual([
        'lib/util.ts: imports modules/articles/service.ts (lib must not import module)',
      ]);
      expect(plant('modules/articles/helper.ts', "import type { Services } from '../../services.js';")).toEqual([
        'modules/articles/helper.ts: imports services.ts (module must not import services)',
      ]);
      // a value import of app.ts from below is also a cycle (app → services → module → app)
      expect(plant('modules/articles/helper.ts', "import { buildApp } from '../../app.js';")).toEqual([
        'modules/articles/helper.ts: imports app.ts (module must not import app)',
        'import cycle: app.ts → services.ts → modules/articles/service.ts → modules/articles/helper.ts → app.ts',
      ]);
      expect(plant('modules/articles/helper.ts', "export { render } from '../../ssr/ssr.js';")).toEqual([
        'modules/articles/helper.ts: imports ssr/ssr.ts (module must not import ssr)',
      ]);
      expect(plant('seed/index.ts', "import type { App } from '../app.js';")).toEqual([
        'seed/index.ts: imports app.ts (seed must not import app)',
      ]);
    });

    it('an import cycle (value imports), but not a type-only one', () => {
      expect(plant('modules/comments/service.ts', "import { ArticlesService } from '../articles/service.js';")).toEqual(
        [],
      );
      const files = clean();
      files.set('lib/one.ts', "import { two } from './two.js';\nexport const one = 1;");
      files.set('lib/two.ts', "import { three } from './three.js';\nexport const two = 2;");
      files.set('lib/three.ts', "import { one } from './one.js';\nexport const three = 3;");
      expect(checkBoundaries(files)).toEqual(['import cycle: lib/one.ts → lib/two.ts → lib/three.ts → lib/one.ts']);
      files.set('lib/three.ts', "import type { one } from './one.js';\nexport const three = 3;");
      expect(checkBoundaries(files)).toEqual([]);
    });

    it("a module's query naming another module's table, or a table without an owner", () => {
      expect(
        plant('modules/articles/helper.ts', "export const q = (db: any) => db.selectFrom('users').selectAll();"),
      ).toEqual([
        'modules/articles/helper.ts: queries "users", a table of the users module (use its service or a read model)',
      ]);
      const join = "const j = (db: any) => db.selectFrom('x').innerJoin('users as u', 'u.id', 'x.id');";
      expect(plant('modules/comments/service.ts', join).sort()).toEqual([
        'modules/comments/service.ts: queries "users", a table of the users module (use its service or a read model)',
        'modules/comments/service.ts: table "x" has no owner in TABLE_OWNERS (test/boundaries.ts)',
      ]);
    });

    it("issue 39: raw sql naming another module's table, in any clause", () => {
      expect(
        plant(
          'modules/comments/service.ts',
          'const r = (db: any) => sql`SELECT c.id FROM comments c JOIN users u ON u.id = c.author_id`.execute(db);',
        ),
      ).toEqual([
        'modules/comments/service.ts: queries "users", a table of the users module (use its service or a read model)',
      ]);
      expect(
        plant(
          'modules/articles/helper.ts',
          'const w = (db: any) => sql`INSERT INTO users (name) VALUES (1)`.execute(db);',
        ),
      ).toEqual([
        'modules/articles/helper.ts: queries "users", a table of the users module (use its service or a read model)',
      ]);
      expect(plant('modules/articles/helper.ts', "const t = sql.table('users');")).toEqual([
        'modules/articles/helper.ts: queries "users", a table of the users module (use its service or a read model)',
      ]);
      // functions and keywords after FROM are not tables; a subquery given an alias is fine
      expect(
        plant(
          'modules/articles/helper.ts',
          "const ok = (db: any) => [sql`SELECT value FROM json_each(x) ON CONFLICT DO UPDATE SET n = 1`, db.selectFrom(sub.as('q'))];",
        ),
      ).toEqual([]);
    });

    it('issue 39: a query builder given a computed table name', () => {
      expect(
        plant('modules/articles/helper.ts', 'const q = (db: any, t: string) => db.selectFrom(t).selectAll();'),
      ).toEqual([
        'modules/articles/helper.ts: selectFrom(…) at line 3 names its table by a variable: name the table literally (or alias a subquery)',
      ]);
      // a constant map of names in the same file names them all
      expect(
        plant(
          'modules/articles/helper.ts',
          "const T = { a: 'articles', u: 'users' } as const;\nconst q = (db: any, k: 'a' | 'u') => db.deleteFrom(T[k]);",
        ),
      ).toEqual([
        'modules/articles/helper.ts: queries "users", a table of the users module (use its service or a read model)',
      ]);
    });

    it("issue 39: lib/, ssr/, jobs/ or the seed naming a module's table, a module naming the infrastructure's", () => {
      expect(plant('ssr/ssr.ts', "const q = (db: any) => db.selectFrom('articles').selectAll();")).toEqual([
        'ssr/ssr.ts: queries "articles", a table of the articles module (read it through its service)',
      ]);
      expect(plant('lib/util.ts', 'const q = (db: any) => sql`UPDATE users SET x = 1`;')).toEqual([
        'lib/util.ts: queries "users", a table of the users module (read it through its service)',
      ]);
      expect(plant('jobs/index.ts', "const q = (db: any) => db.deleteFrom('comments');")).toEqual([
        'jobs/index.ts: queries "comments", a table of the comments module (read it through its service)',
      ]);
      expect(plant('modules/articles/helper.ts', "const q = (db: any) => db.selectFrom('event_outbox');")).toEqual([
        'modules/articles/helper.ts: queries "event_outbox", a table of lib/events/ (use its API)',
      ]);
    });

    it('issue 39: the HTTP layer (guards, cache headers) imports no module', () => {
      expect(plant('http/guards.ts', "import type { UsersService } from '../modules/users/service.js';")).toEqual([
        'http/guards.ts: imports modules/users/service.ts (http must not import module)',
      ]);
      expect(plant('lib/util.ts', "import { requireRole } from '../http/guards.js';")).toEqual([
        'lib/util.ts: imports http/guards.ts (lib must not import http)',
      ]);
    });
  });
});
