#!/bin/sh
# Compiles the web SDK with Debian's tsc, bundles it for <script> tags (dist/today-bridge.js) and
# builds the host scripts (dist/host/**.js, which scripts/host-scripts.mjs embeds into Swift).
set -eu
cd "$(dirname "$0")/.."
command -v tsc >/dev/null || { echo "tsc is missing: run scripts/install-deps.sh (node-typescript)" >&2; exit 1; }
rm -rf dist
tsc -p tsconfig.json
# The host scripts again, without comments: the text hosts inject.
tsc -p tsconfig.host.json
node scripts/bundle.mjs dist/esm/src dist
node scripts/bundle-host-scripts.mjs dist/host-esm dist
