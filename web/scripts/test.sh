#!/bin/sh
# Builds the web SDK and runs its unit tests on Node's built-in test runner.
set -eu
cd "$(dirname "$0")/.."
scripts/build.sh
node --test dist/esm/test/
