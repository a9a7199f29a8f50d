import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// React Router 7 points every export condition at its development build (remix-run/react-router
// #12532, #14102): dev warnings and checks in every reader's download and in every server render.
// Production builds use its production files instead; `npm run dev` keeps the development ones.
const rrDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
const productionReactRouter = [
  { find: /^react-router$/, replacement: path.join(rrDist, 'production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(rrDist, 'production/dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  plugins: [reactRouter()],
  build: { target: 'es2022' },
  resolve: { alias: command === 'build' ? productionReactRouter : [] },
}));
