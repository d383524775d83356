#!/bin/sh
# Compiles the web SDK with Debian's tsc and bundles it for <script> tags (dist/today-bridge.js).
set -eu
cd "$(dirname "$0")/.."
command -v tsc >/dev/null || { echo "tsc is missing: run scripts/install-deps.sh (node-typescript)" >&2; exit 1; }
rm -rf dist
tsc -p tsconfig.json
node scripts/bundle.mjs dist/esm/src dist
