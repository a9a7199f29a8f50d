// `npm start`: build what is missing or out of date (the web app, the server's JavaScript), then run
// the server in this same process (migrate, seed, listen) — one process, plain JavaScript.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const server = path.join(root, 'apps/server');
// WEB_BUILD_DIR (README) moves the build; the server and the React Router build read it too.
const buildDir = process.env.WEB_BUILD_DIR ? path.resolve(process.env.WEB_BUILD_DIR) : path.join(web, 'build');
const webEntry = path.join(buildDir, 'server/index.js');
const serverEntry = path.join(server, 'dist/main.js');
// Absolute for the build (which runs in apps/web) and the server alike.
if (process.env.WEB_BUILD_DIR) process.env.WEB_BUILD_DIR = buildDir;

/** Newest modification time of the given files and folders (recursively). */
function newest(base, entries) {
  let n = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) for (const f of fs.readdirSync(p)) walk(path.join(p, f));
    else n = Math.max(n, st.mtimeMs);
  };
  for (const e of entries) walk(path.join(base, e));
  return n;
}

const contract = newest(root, ['packages/contract/src']);
const outdated = (entry, sources) => !fs.existsSync(entry) || fs.statSync(entry).mtimeMs < Math.max(sources, contract);
const run = (label, args) => {
  console.log(label);
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (outdated(webEntry, newest(web, ['app', 'public', 'vite.config.ts', 'react-router.config.ts']))) {
  run('Building the web app…', ['run', 'build', '-w', 'apps/web']);
}
if (outdated(serverEntry, newest(server, ['src', 'build.mjs']))) {
  run('Building the server…', ['run', 'build', '-w', 'apps/server']);
}

// Production unless told otherwise: React and React Router then use their production builds.
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(serverEntry).href);
