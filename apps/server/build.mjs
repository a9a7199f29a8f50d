// `npm run build -w apps/server`: the server as one JavaScript file (dist/main.js) that production
// runs with plain `node` — no TypeScript loader in memory. The contract package (TypeScript sources)
// is bundled in; every other package stays in node_modules (native addons, React Router's build).
// An optional argument names another output file (inside the repository, so packages resolve).
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: process.argv[2] ? path.resolve(process.argv[2]) : path.join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages-but-contract',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@vaggen/contract') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
