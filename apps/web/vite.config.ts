import { createRequire } from 'node:module';
import path from 'node:path';
import { constants } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// React Router 7 points every export condition at its development build (remix-run/react-router
// #12532, #14102): dev warnings and checks in every reader's download and in every server render.
// Production builds use its production files instead; `npm run dev` keeps the development ones.
const rrDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
const productionReactRouter = [
  { find: /^react-router$/, replacement: path.join(rrDist, 'production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(rrDist, 'production/dom-export.mjs') },
];

const app = path.join(import.meta.dirname, 'app');
/**
 * Issue 20: what a reader's first page needs comes in a few files instead of ~30. Split into many
 * small chunks, each gzipped alone, the same code cost several KB more (no shared compression
 * window, a header and an import list each). `framework`: React, React DOM and React Router.
 * `reader`: the modules of the app and the contract that the shell (root) or the reader layout
 * import statically, and those that two of the reader pages (home, category/tag, article) share.
 * What only one page uses stays in that page's chunk; lazily imported code (comments, the
 * logged-in header, DOMPurify, three.js, editor, PDF) keeps its own chunks.
 */
const SHELL = ['root.tsx', 'routes/reader-layout.tsx'].map((f) => path.join(app, f));
const READER_PAGES = ['routes/home.tsx', 'routes/category.tsx', 'routes/article-by-slug.tsx'].map((f) =>
  path.join(app, f),
);
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/** React Router's client: the full app's pages load it; island pages (issue 46) never do. */
const ROUTER = /[\\/]node_modules[\\/]react-router[\\/]/;
/** A route module itself (not a composition helper under `routes/compose/`): it keeps its own chunk. */
const ROUTE_MODULE = /[\\/]app[\\/]routes[\\/][^\\/]+$/;

type ModuleInfoLike = { importedIds: readonly string[] } | null;
function staticallyReachable(roots: string[], getModuleInfo: (id: string) => ModuleInfoLike): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) stack.push(next);
  }
  return seen;
}
let readerModules: Set<string> | null = null;
function readerChunk(getModuleInfo: (id: string) => ModuleInfoLike): Set<string> {
  const shell = staticallyReachable(SHELL, getModuleInfo);
  const uses = new Map<string, number>();
  for (const page of READER_PAGES) {
    for (const id of staticallyReachable([page], getModuleInfo)) uses.set(id, (uses.get(id) ?? 0) + 1);
  }
  for (const [id, n] of uses) if (n >= 2) shell.add(id);
  for (const id of [...shell])
    if (FRAMEWORK.test(id) || ROUTER.test(id) || ROUTE_MODULE.test(id) || /packages[\\/]contract/.test(id))
      shell.delete(id);
  return shell;
}

/**
 * The article view (the article page's body, also the newsroom's preview) and what it alone of the
 * reader pages needs, in one chunk: the contract's article and content helpers would otherwise be
 * chunks of their own, as the newsroom's pages share them (issue 39: ~0.3 KB more for a reader).
 */
/**
 * Issue 46: what the island pages' script (islands.client.tsx) reaches statically, in one chunk
 * of its own — not in `reader`, whose other modules import React Router.
 */
let islandModules: Set<string> | null = null;

/**
 * Issue 46: what a logged-in reader's header loads once the session is known (the bell, the unread
 * badges, the queue badge; TanStack Query), in one chunk instead of a dozen small ones (~2 KB less).
 */
const SIGNED_IN = [
  'features/notifications/components/HeaderBell.tsx',
  'features/notifications/components/MenuBadge.tsx',
  'features/notifications/components/MobileNotifications.tsx',
  'features/moderation/components/QueueBadge.tsx',
].map((f) => path.join(app, f));
let signedInModules: Set<string> | null = null;

const ARTICLE_VIEW = path.join(app, 'features/articles/components/ArticleView.tsx');
/** The contract's reader page paths: in the islands chunk (see its group). */
const READER_LINKS = /packages[\\/]contract[\\/]src[\\/]reader-links\.ts$/;
const ARTICLE_VIEW_CONTRACT = /packages[\\/]contract[\\/]src[\\/](articles|content)\.ts$/;
let articleViewModules: Set<string> | null = null;

/**
 * Issue 20: the browser build's scripts, styles and data files are compressed once, at build time,
 * at the highest settings (brotli 11, gzip 9), next to the originals; the server sends those files
 * (`preCompressed`, apps/server/src/ssr/ssr.ts) instead of compressing every response anew at
 * @fastify/compress's fast settings. A reader's article page: 128.7 → 110.9 KB of scripts on the wire.
 */
const precompress = compression({
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
  include: /\.(js|mjs|css|json|svg|txt|xml|wasm)$/,
  threshold: 1024,
  logLevel: 'silent',
});

/**
 * Issue 46 (decision 054): the island pages' script, `app/islands.client.tsx`, is an entry of the
 * browser build beside React Router's. The server build learns its file and the modules it imports
 * (`virtual:vaggen-islands`, read by root.tsx) from the browser build, which runs first. In
 * development it is served from source.
 */
const ISLANDS_ENTRY = path.join(app, 'islands.client.tsx');
const ISLANDS_ID = 'virtual:vaggen-islands';
type IslandsScript = { entry: string; preload: string[] };
// On globalThis: the build loads this file again for its server environment.
const built = globalThis as { vaggenIslandsScript?: IslandsScript };
const devIslandsScript: IslandsScript = { entry: '/app/islands.client.tsx', preload: [] };
function islands(command: 'build' | 'serve'): Plugin {
  return {
    name: 'vaggen-islands',
    configEnvironment(name) {
      if (command === 'build' && name === 'client') return { build: { rollupOptions: { input: [ISLANDS_ENTRY] } } };
    },
    resolveId(id) {
      if (id === ISLANDS_ID) return `\0${ISLANDS_ID}`;
    },
    load(id) {
      if (id === `\0${ISLANDS_ID}`) {
        const script = command === 'build' ? built.vaggenIslandsScript : devIslandsScript;
        if (!script && this.environment.name !== 'client')
          this.error('the islands script is built with the browser build');
        return `export default ${JSON.stringify(script ?? devIslandsScript)};`;
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId === ISLANDS_ENTRY) {
          built.vaggenIslandsScript = { entry: `/${chunk.fileName}`, preload: chunk.imports.map((f) => `/${f}`) };
        }
      }
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [reactRouter(), islands(command), ...(command === 'build' && !isSsrBuild ? [precompress] : [])],
  build: {
    target: 'es2022',
    sourcemap: !!process.env.VITE_SOURCEMAP,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: 4 },
                { name: 'router', test: ROUTER, priority: 4 },
                {
                  priority: 3,
                  debugName: 'islands',
                  name: (id: string, ctx: { getModuleInfo(id: string): ModuleInfoLike }) => {
                    islandModules ??= staticallyReachable([ISLANDS_ENTRY], (m) => ctx.getModuleInfo(m));
                    // not the contract: its index reaches every module of it, most of which no island uses —
                    // but its reader paths (0.7 KB), which the lazy form islands share with ArticleView:
                    // left to the bundler they landed in ArticleView's chunk, which imports React Router
                    const ours =
                      (islandModules.has(id) &&
                        !FRAMEWORK.test(id) &&
                        !ROUTER.test(id) &&
                        !/packages[\\/]contract/.test(id) &&
                        id !== ISLANDS_ENTRY) ||
                      READER_LINKS.test(id);
                    return ours ? 'islands' : null;
                  },
                },
                {
                  priority: 2,
                  debugName: 'signed-in',
                  name: (id: string, ctx: { getModuleInfo(id: string): ModuleInfoLike }) => {
                    islandModules ??= staticallyReachable([ISLANDS_ENTRY], (m) => ctx.getModuleInfo(m));
                    signedInModules ??= staticallyReachable(SIGNED_IN, (m) => ctx.getModuleInfo(m));
                    const ours =
                      signedInModules.has(id) &&
                      !islandModules.has(id) &&
                      !FRAMEWORK.test(id) &&
                      !ROUTER.test(id) &&
                      !/packages[\\/]contract/.test(id);
                    return ours ? 'signed-in' : null;
                  },
                },
                {
                  priority: 1,
                  debugName: 'reader',
                  name: (id: string, ctx: { getModuleInfo(id: string): ModuleInfoLike }) => {
                    readerModules ??= readerChunk((m) => ctx.getModuleInfo(m));
                    return readerModules.has(id) ? 'reader' : null;
                  },
                },
                {
                  priority: 0,
                  debugName: 'ArticleView',
                  name: (id: string, ctx: { getModuleInfo(id: string): ModuleInfoLike }) => {
                    readerModules ??= readerChunk((m) => ctx.getModuleInfo(m));
                    articleViewModules ??= staticallyReachable([ARTICLE_VIEW], (m) => ctx.getModuleInfo(m));
                    const ours = ARTICLE_VIEW_CONTRACT.test(id) || (id.startsWith(app) && articleViewModules.has(id));
                    return ours && !readerModules.has(id) ? 'ArticleView' : null;
                  },
                },
              ],
            },
          },
        },
  },
  resolve: { alias: command === 'build' ? productionReactRouter : [] },
}));
