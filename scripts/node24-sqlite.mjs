// Issue 40 (decision 045), preloaded by scripts/node24.sh with --import: under Node 24, better-sqlite3
// resolves to the copy compiled for Node 24 (ABI 137) in the cache — by its name or by a path into the
// checkout's copy (Vitest resolves test files' imports to paths first), for require() and import alike
// (module.registerHooks, Node ≥ 22.15). Everything else resolves as usual; on another Node, or
// without the copy, this does nothing.
import { registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.VAGGEN_NODE24_SQLITE;
if (dir && typeof registerHooks === 'function' && process.versions.modules === '137') {
  const target = pathToFileURL(`${path.resolve(dir)}/`).href;
  const marker = '/node_modules/better-sqlite3/';
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier === 'better-sqlite3') {
        return { url: new URL('lib/index.js', target).href, format: 'commonjs', shortCircuit: true };
      }
      const resolved = nextResolve(specifier, context);
      const at = resolved.url.indexOf(marker);
      if (at < 0 || resolved.url.startsWith(target)) return resolved;
      return { ...resolved, url: new URL(resolved.url.slice(at + marker.length), target).href };
    },
  });
}
