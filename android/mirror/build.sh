#!/bin/sh
# Compiles the Java mirror of the Android SDK / androidx.webkit declarations the glue uses into $1
# (default .build/android-mirror/classes at the repository's root). Plain javac, Java 17, no
# dependencies; a warning fails the build (-Werror) as an error does, with a non-zero exit.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/../../.build/android-mirror/classes}"
sources="$(mktemp)"
trap 'rm -f "$sources"' EXIT
find "$here/src" -name '*.java' | sed 's/.*/"&"/' > "$sources"
mkdir -p "$out"
javac -Xlint:all -Werror --release 17 -encoding UTF-8 -d "$out" @"$sources"
