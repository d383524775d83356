#!/bin/sh
# Builds the traffic inspector's page (`today-bridge inspect`, `open --inspect`): compiles src/ and
# test/ into dist/esm/ (the tests: `node --test Tools/inspector/dist/esm/test/`, `make
# inspector-test`), and bundles the page script, src/timeline.ts with what it imports, into one
# function expression taking its configuration, dist/timeline.js, with the web SDK's bundler
# (web/scripts/bundle-host-scripts.mjs), as the host scripts are. The generator
# (`today-bridge-generate embed`, `make generate`) embeds it into the Swift of TodayBridgeInspector.
set -eu
cd "$(dirname "$0")"
command -v tsc >/dev/null || { echo "tsc is missing: run scripts/install-deps.sh (node-typescript)" >&2; exit 1; }
rm -rf dist
tsc -p tsconfig.json
tsc -p tsconfig.page.json
node ../../web/scripts/bundle-host-scripts.mjs dist/page-esm dist .
