#!/bin/sh
# Checks the JNI library an Android app ships (`libTodayBridgeJNI.so`, issue 33 item 7) as the
# Swift SDK for Android links it, with the Swift runtime static: built here for Linux, release,
# with a static runtime, it must need no Foundation beyond FoundationEssentials, carry no ICU
# (FoundationInternationalization's tens of MB of data and code), and stay under a size bound.
# Prints its size stripped; `make test` runs it. Usage: scripts/check-jni-library.sh [MAX_MIB]
set -eu
cd "$(dirname "$0")/.."
max_mib=${1:-24}
scratch=.build-jni-static
static_libraries=$(dirname "$(dirname "$(command -v swift)")")/lib/swift_static/linux

mkdir -p "$scratch"
# shellcheck disable=SC2046 # the flags are words
if ! swift build --package-path android -c release --product TodayBridgeJNI --scratch-path "$scratch" $(scripts/jni-flags.sh) \
    --static-swift-stdlib -Xswiftc -static-stdlib -Xlinker -L"$static_libraries" >"$scratch/build.log" 2>&1; then
    cat "$scratch/build.log" >&2
    exit 1
fi
library=$scratch/release/libTodayBridgeJNI.so
stripped=$scratch/libTodayBridgeJNI.stripped.so
strip -o "$stripped" "$library"

failed=0
needs=$(ldd "$library" | grep -iE 'swift|foundation|icu' || true)
if [ -n "$needs" ]; then
    echo "$library needs Swift libraries at run time (its runtime should be static):" >&2
    echo "$needs" >&2
    failed=1
fi
icu=$(nm "$library" | grep -cE ' (ucol_|ubrk_|udat_|unum_|uloc_|u_charType|icu_)' || true)
if [ "$icu" -gt 0 ]; then
    echo "$library carries ICU ($icu symbols): the core imports Foundation where FoundationEssentials would do" >&2
    failed=1
fi
bytes=$(wc -c < "$stripped")
mib=$(awk "BEGIN { printf \"%.1f\", $bytes / 1048576 }")
if [ "$bytes" -gt $((max_mib * 1048576)) ]; then
    echo "$library is $mib MiB stripped, over $max_mib MiB" >&2
    failed=1
fi
[ "$failed" -eq 0 ] && echo "libTodayBridgeJNI.so, static Swift runtime, release, stripped: $mib MiB; no ICU, no Swift library needed at run time"
exit "$failed"
