// `npm start`: build the web app when needed, then run the server (migrate, seed, listen).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
// WEB_BUILD_DIR (README) moves the build; the server and the React Router build read it too.
const buildDir = process.env.WEB_BUILD_DIR ? path.resolve(process.env.WEB_BUILD_DIR) : path.join(web, 'build');
const entry = path.join(buildDir, 'server/index.js');
// Absolute for the build (which runs in apps/web) and the server alike.
if (process.env.WEB_BUILD_DIR) process.env.WEB_BUILD_DIR = buildDir;

/** Newest modification time of the web sources (app/, public/, configs). */
function newestSource() {
  let newest = 0;
  const walk = (p) => {
    const st = fs.statSync(p);
    if (st.isDirectory()) for (const f of fs.readdirSync(p)) walk(path.join(p, f));
    else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of ['app', 'public', 'vite.config.ts', 'react-router.config.ts']) walk(path.join(web, p));
  walk(path.join(root, 'packages/contract/src'));
  return newest;
}

if (!fs.existsSync(entry) || fs.statSync(entry).mtimeMs < newestSource()) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Production unless told otherwise: React and React Router then use their production builds.
process.env.NODE_ENV ??= 'production';
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
