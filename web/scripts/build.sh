#!/bin/sh
# Compiles the web SDK (src/) with Debian's tsc, bundles it for <script> tags
# (dist/today-bridge.js), builds the host scripts (host/ into dist/host/**.js) and the conformance
# kit's pages (conformance/ into dist/conformance/), which the generator (`make generate`) embeds
# into Swift and Java, packs the npm package (dist/package/today-webview-bridge-<VERSION>.tgz,
# scripts/package.mjs) and unpacks it into dist/packed/package/, where the end-to-end, demo and
# bench pages load it from.
set -eu
cd "$(dirname "$0")/.."
command -v tsc >/dev/null || { echo "tsc is missing: run scripts/install-deps.sh (node-typescript)" >&2; exit 1; }
command -v npm >/dev/null || { echo "npm is missing: install Debian's npm" >&2; exit 1; }
rm -rf dist
tsc -p tsconfig.json
# The host scripts again, without comments: the text hosts inject.
tsc -p tsconfig.host.json
node scripts/bundle.mjs dist/esm/src dist
node scripts/bundle-host-scripts.mjs dist/host-esm dist
node scripts/bundle-conformance.mjs dist/esm dist
# The package: src/ alone, with declarations and source maps, staged and packed.
tsc -p tsconfig.package.json
tarball=$(node scripts/package.mjs)
# What the pages load is what ships: the tarball's own contents.
mkdir dist/packed
tar -xzf "$tarball" -C dist/packed
