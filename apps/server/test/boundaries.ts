import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The server's layer and module rules (docs/decisions/014), as a checker the boundary test runs on
 * the real source and on planted violations. Paths are relative to `apps/server/src`, with `/`.
 *
 * - A module's public files: `service.ts` (its front), `events.ts` (its domain events) and
 *   `page-tags.ts` (what cached pages show of it, and which events change them; issue 39) for everyone, `routes.ts` for `app.ts` only, and the named exceptions in PUBLIC_FILES. Anything
 *   else in a module folder is internal to it.
 * - `lib/` and `db/` import no module and nothing above them (the demo seed is `seed/`, beside `jobs/`).
 * - Nothing below `app.ts` imports upward: modules never import `app.ts`, `services.ts`, `main.ts`,
 *   `jobs/`, `ssr/` or `seed/`; `jobs/`, `ssr/` and the seed never import `app.ts` or `main.ts`.
 * - No import cycle among server files (type-only imports do not run, so they do not count).
 * - A module's queries name only its own tables (TABLE_OWNERS); other modules' rows come through
 *   their service or a read model in a public file.
 */

/** What every module shows the others: its service, its domain events and its page tags (issue 39). */
export const MODULE_FRONTS = ['service.ts', 'events.ts', 'page-tags.ts'];

/** Files of a module that other modules may import, beyond its fronts, and why. */
export const PUBLIC_FILES: Record<string, string> = {
  'modules/users/public-profile.ts': 'the read model of a person’s public columns (decision 014)',
  'modules/mail/templates.ts': 'the one look of every mail (renderMail), used by each module that mails (issue 21)',
  'modules/articles/visibility.ts': 'the rule of which articles readers may see, and its read model of their ids',
};

/**
 * Imports that break a layer rule on purpose, and why. A data migration that rewrites stored rows
 * uses the very function the running code writes them with, so old and new rows agree.
 */
export const ALLOWED_IMPORTS: Record<string, string> = {
  'db/migrations/008_security.ts -> lib/names.ts': 'the staff-name key the users module stores (issue 17)',
  'db/migrations/008_security.ts -> modules/articles/html.ts': 'rewrites old article bodies as safe HTML (issue 17)',
  'db/migrations/024_name_skeletons.ts -> lib/names.ts':
    'the look-alike key of staff names the users module stores (issue 40)',
};

/** Which module owns each table: only that module's code may name it in a query. */
export const TABLE_OWNERS: Record<string, string> = {
  ads: 'ads',
  api_tokens: 'api-tokens',
  articles: 'articles',
  article_slugs: 'articles',
  analytics_minutes: 'analytics',
  analytics_hours: 'analytics',
  analytics_days: 'analytics',
  analytics_weeks: 'analytics',
  analytics_totals: 'analytics',
  analytics_top_lists: 'analytics',
  analytics_referrers: 'analytics',
  analytics_articles: 'analytics',
  analytics_searches: 'analytics',
  article_tags: 'articles',
  article_authors: 'articles',
  byline_invitations: 'articles',
  article_former_authors: 'articles',
  article_revisions: 'articles',
  article_autosaves: 'articles',
  staff_invitations: 'staff-invitations',
  article_corrections: 'articles',
  article_correction_versions: 'articles',
  dsa_notices: 'dsa',
  dsa_statements: 'dsa',
  reply_requests: 'replies',
  live_streams: 'live',
  live_entries: 'live',
  push_subscriptions: 'push',
  push_sends: 'push',
  plans: 'revenue',
  subscriptions: 'revenue',
  stripe_events: 'revenue',
  metered_reads: 'revenue',
  gift_links: 'revenue',
  revenue_snapshots: 'revenue',
  offers: 'revenue',
  gift_subscriptions: 'revenue',
  fronts: 'fronts',
  front_versions: 'fronts',
  front_schedules: 'fronts',
  sessions: 'auth',
  account_tokens: 'auth',
  mail_outbox: 'mail',
  mail_settings: 'mail',
  comments: 'comments',
  comment_totals: 'comments',
  moderation_settings: 'moderation',
  moderation_articles: 'moderation',
  moderation_items: 'moderation',
  moderation_commenters: 'moderation',
  moderation_reports: 'moderation',
  moderation_bans: 'moderation',
  moderation_audit: 'moderation',
  moderation_fingerprints: 'moderation',
  contact_messages: 'inbox',
  tips: 'inbox',
  ad_inquiries: 'inbox',
  notifications: 'notifications',
  notification_mail_prefs: 'notifications',
  notification_mail_queue: 'notifications',
  newsletter_subscribers: 'newsletter',
  newsletter_issues: 'newsletter',
  role_requests: 'role-requests',
  newsroom_settings: 'settings',
  search_docs: 'search',
  search_fts: 'search',
  search_trgm: 'search',
  search_vocab: 'search',
  search_vocab_trgm: 'search',
  nuclides: 'science',
  nuclide_imports: 'science',
  users: 'users',
};

const QUERY_METHODS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
]);

export interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

export interface Parsed {
  imports: ImportEdge[];
  /**
   * Table names a file's queries name: the first argument of a query builder call, `sql.table(…)`,
   * and the table after FROM, JOIN, INTO or UPDATE in a raw `sql` template.
   */
  tables: string[];
  /** Query builder calls whose table is computed (`selectFrom(name)`): the checker cannot tell which table. */
  computed: string[];
}

/** Tables that belong to the infrastructure below the modules, not to a module (issue 39). */
export const INFRA_TABLES: Record<string, string> = {
  event_outbox: 'lib/events/',
  page_store: 'lib/page-cache/',
  page_hot_keys: 'lib/page-cache/',
  page_tag_changes: 'lib/page-cache/',
  page_builds: 'lib/page-cache/',
  build_assets: 'lib/page-cache/',
  job_leases: 'jobs/',
  kysely_migration: 'db/',
  kysely_migration_lock: 'db/',
};

/** Folders that must not name a module's table: they reach module data through services (issue 39). */
const NO_MODULE_TABLES = ['lib/', 'ssr/', 'jobs/', 'ops/', 'seed/'];

/** The table after FROM, JOIN, INTO or UPDATE in raw SQL (not a function such as json_each(…), nor UPDATE SET). */
const RAW_TABLE =
  /\b(from|join|into|update)\s+"?(?!set\b|select\b|lateral\b)([a-z_][a-z0-9_]*)(?![a-z0-9_])"?(\s*\()?/gi;

/** Imports (relative ones, resolved to a file path) and table names of one source file. */
export function parseSource(file: string, text: string, exists: (p: string) => boolean): Parsed {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const imports: ImportEdge[] = [];
  const tables: string[] = [];
  const computed: string[] = [];
  const line = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  // `const TABLES = { contact: 'contact_messages', … } as const`: `selectFrom(TABLES[kind])` names them all
  const tableMaps = new Map<string, string[]>();
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      let init: ts.Expression = node.initializer;
      if (ts.isAsExpression(init)) init = init.expression;
      if (ts.isObjectLiteralExpression(init)) {
        const values = init.properties.flatMap((p) =>
          ts.isPropertyAssignment(p) && ts.isStringLiteralLike(p.initializer) ? [p.initializer.text] : [],
        );
        if (values.length === init.properties.length) tableMaps.set(node.name.text, values);
      }
    }
    ts.forEachChild(node, collect);
  };
  collect(sf);
  const mapped = (arg: ts.Expression): string[] | null => {
    const target = ts.isElementAccessExpression(arg) || ts.isPropertyAccessExpression(arg) ? arg.expression : undefined;
    return target && ts.isIdentifier(target) ? (tableMaps.get(target.text) ?? null) : null;
  };
  const add = (spec: string, typeOnly: boolean) => {
    if (!spec.startsWith('.')) return;
    const to = resolve(file, spec, exists);
    if (to) imports.push({ from: file, to, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const allTypes =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, allTypes);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const allTypes =
        node.isTypeOnly ||
        (!!node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      add(node.moduleSpecifier.text, allTypes);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      QUERY_METHODS.has(node.expression.name.text) &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      const table = node.arguments[0].text.split(/\s+as\s+/i)[0]?.trim();
      if (table && /^[a-z_]+$/.test(table)) tables.push(table);
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      QUERY_METHODS.has(node.expression.name.text) &&
      node.arguments[0] &&
      mapped(node.arguments[0])
    ) {
      tables.push(...(mapped(node.arguments[0]) ?? []));
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      QUERY_METHODS.has(node.expression.name.text) &&
      node.arguments[0] &&
      !isSubquery(node.arguments[0])
    ) {
      // a table named by a variable or an expression: which one cannot be read off the code
      computed.push(`${node.expression.name.text}(…) at line ${line(node)}`);
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'sql' &&
      node.expression.name.text === 'table' &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      tables.push(node.arguments[0].text);
    } else if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      const t = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(t)
        ? [t.text]
        : [t.head.text, ...t.templateSpans.map((x) => x.literal.text)];
      for (const part of parts) {
        for (const m of part.matchAll(RAW_TABLE)) {
          const fn = m[3] && /^(from|join)$/i.test(m[1] ?? ''); // FROM json_each(…): a function, not a table
          if (m[2] && !fn) tables.push(m[2].toLowerCase());
        }
      }
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) add(arg.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { imports, tables, computed };
}

/**
 * A query builder's argument that is not a table name: a subquery or read model given an alias
 * (`publicProfiles(db).as('u')`, `sub.as('q')`), a callback, or a list of those.
 */
function isSubquery(arg: ts.Expression): boolean {
  if (ts.isArrayLiteralExpression(arg)) return arg.elements.every((e) => ts.isStringLiteralLike(e) || isSubquery(e));
  if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) return true;
  return ts.isCallExpression(arg) && ts.isPropertyAccessExpression(arg.expression) && arg.expression.name.text === 'as';
}

function resolve(from: string, spec: string, exists: (p: string) => boolean): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}/index.ts`];
  return candidates.find(exists) ?? base.replace(/\.js$/, '.ts');
}

const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('../');
const layerOf = (file: string): string => {
  // Loads optional libraries on first use and imports nothing of ours: every layer may use it.
  if (file === 'lib/lazy.ts') return 'base';
  if (file.startsWith('modules/')) return 'module';
  if (file.startsWith('ops/')) return 'ops';
  if (file.startsWith('lib/')) return 'lib';
  if (file.startsWith('http/')) return 'http';
  if (file.startsWith('seed/')) return 'seed';
  if (file.startsWith('db/')) return 'db';
  if (file.startsWith('jobs/')) return 'jobs';
  if (file.startsWith('ssr/')) return 'ssr';
  return file.replace(/\.ts$/, ''); // app, services, main, config
};

/** Which layers each layer must never import (value or type). */
const FORBIDDEN: Record<string, string[]> = {
  lib: ['module', 'app', 'services', 'main', 'jobs', 'ssr', 'seed', 'http'],
  // the HTTP layer's plumbing (guards, cache headers): below the modules' routes, above lib
  http: ['module', 'app', 'services', 'main', 'jobs', 'ssr', 'seed'],
  db: ['module', 'app', 'services', 'main', 'jobs', 'ssr', 'seed', 'lib', 'http'],
  config: ['module', 'app', 'services', 'main', 'jobs', 'ssr', 'seed', 'lib', 'db'],
  module: ['app', 'services', 'main', 'jobs', 'ssr', 'seed'],
  jobs: ['app', 'main', 'ssr', 'seed'],
  ssr: ['app', 'main', 'jobs', 'seed', 'services'],
  seed: ['app', 'main', 'jobs', 'ssr'],
  services: ['app', 'main', 'jobs', 'ssr', 'seed'],
  ops: ['module', 'services', 'main', 'jobs', 'ssr', 'seed', 'app'],
  app: ['main', 'seed'],
};

/** Every breach of the rules in a set of files (path → text). Empty when the tree keeps them. */
export function checkBoundaries(files: Map<string, string>): string[] {
  const exists = (p: string) => files.has(p);
  const problems: string[] = [];
  const edges: ImportEdge[] = [];
  for (const [file, text] of files) {
    if (isTest(file)) continue;
    const { imports, tables, computed } = parseSource(file, text, exists);
    edges.push(...imports);
    const mod = moduleOf(file);
    for (const c of computed) {
      problems.push(`${file}: ${c} names its table by a variable: name the table literally (or alias a subquery)`);
    }
    for (const table of new Set(tables)) {
      const owner = TABLE_OWNERS[table];
      const infra = INFRA_TABLES[table];
      if (mod) {
        if (infra) problems.push(`${file}: queries "${table}", a table of ${infra} (use its API)`);
        else if (!owner) problems.push(`${file}: table "${table}" has no owner in TABLE_OWNERS (test/boundaries.ts)`);
        else if (owner !== mod) {
          problems.push(
            `${file}: queries "${table}", a table of the ${owner} module (use its service or a read model)`,
          );
        }
      } else if (owner && NO_MODULE_TABLES.some((d) => file.startsWith(d))) {
        problems.push(`${file}: queries "${table}", a table of the ${owner} module (read it through its service)`);
      } else if (infra && !file.startsWith(infra) && !file.startsWith('db/')) {
        problems.push(`${file}: queries "${table}", a table of ${infra} (use its API)`);
      } else if (!owner && !infra && !file.startsWith('db/')) {
        problems.push(`${file}: table "${table}" has no owner in TABLE_OWNERS (test/boundaries.ts)`);
      }
    }
    for (const { to } of imports) {
      if (to.startsWith('../') || isTest(to)) {
        problems.push(`${file}: imports ${to}, a test file or a file outside src`);
        continue;
      }
      if (`${file} -> ${to}` in ALLOWED_IMPORTS) continue;
      const from = layerOf(file);
      const target = layerOf(to);
      if (FORBIDDEN[from]?.includes(target))
        problems.push(`${file}: imports ${to} (${from} must not import ${target})`);
      const toMod = moduleOf(to);
      if (toMod && toMod !== mod) {
        const publicFile = MODULE_FRONTS.some((f) => to === `modules/${toMod}/${f}`) || to in PUBLIC_FILES;
        const routesForApp = file === 'app.ts' && to === `modules/${toMod}/routes.ts`;
        if (!publicFile && !routesForApp) {
          problems.push(`${file}: imports ${to}, an internal file of the ${toMod} module (public: service.ts)`);
        }
      }
    }
  }
  for (const cycle of findCycles(edges.filter((e) => !e.typeOnly))) {
    problems.push(`import cycle: ${[...cycle, cycle[0]].join(' → ')}`);
  }
  return problems;
}

/** Strongly connected components with more than one file (or a file importing itself). */
export function findCycles(edges: ImportEdge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const e of edges) graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || graph.get(v)?.includes(v)) out.push(comp.reverse());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return out;
}

/** Every .ts file under a folder, as path (relative, `/`) → text. */
export function readTree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.set(path.relative(root, full).split(path.sep).join('/'), fs.readFileSync(full, 'utf8'));
      }
    }
  };
  walk(root);
  return files;
}
