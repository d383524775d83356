#!/bin/sh
# Compiles the emulation of Android's WebView API over Chromium (android/emulation/src: the
# android.*, androidx.webkit and today.emulation packages) into $1 (default
# .build/android-emulation/classes at the repository's root). Plain javac, Java 17, against
# Android's own org.json (Debian's libandroid-json-java); a warning fails the build (-Werror).
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/../../.build/android-emulation/classes}"
sources="$(mktemp)"
trap 'rm -f "$sources"' EXIT
find "$here/src" -name '*.java' | sed 's/.*/"&"/' > "$sources"
mkdir -p "$out"
javac -Xlint:all -Werror --release 17 -encoding UTF-8 -cp /usr/share/java/com.android.json.jar -d "$out" @"$sources"
