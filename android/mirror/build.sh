#!/bin/sh
# Compiles the mirror of Android's WebView API into $1 (default .build/android-mirror/classes).
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/../../.build/android-mirror/classes}"
mkdir -p "$out"
javac -Xlint:all -Werror --release 17 -d "$out" $(find "$here/src" -name '*.java')
