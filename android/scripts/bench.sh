#!/bin/sh
# The JNI benchmark (`make bench`): the release JNI library driven from the JVM as the glue drives
# it, against a JVM-only baseline measured in the same run (android/bench). Prints a Markdown table.
set -eu
cd "$(dirname "$0")/../.."
scripts/install-deps.sh openjdk-17-jdk-headless kotlin libandroid-json-java

# Arguments: the count of messages per path (20000), then the paths to measure (all by default).
count="${1:-20000}"
[ $# -gt 0 ] && shift
SWIFT="${SWIFT:-swift}"
out=.build/android-bench
java_home="${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-$(dpkg --print-architecture)}"
json=/usr/share/java/com.android.json.jar

# shellcheck disable=SC2046 # the flags are words
"$SWIFT" build --package-path Tools -c release --product TodayBridgeJNI $(scripts/jni-flags.sh)
rm -rf "$out"
mkdir -p "$out/classes"
# The glue compiles against Android's API: the emulation's declarations (no WebView runs here).
sh android/emulation/build.sh "$out/emulation"
if ! JAVA_HOME="$java_home" kotlinc -Werror -jvm-target 1.8 -cp "$out/emulation:$json" -d "$out/classes" \
    android/bridge/src/main/kotlin android/bench > "$out/kotlinc.log" 2>&1; then
    cat "$out/kotlinc.log" >&2
    exit 1
fi
"$java_home/bin/java" -Djava.library.path=Tools/.build/release -cp "$out/classes:$out/emulation:$json:/usr/share/java/kotlin-stdlib.jar" \
    today.bridge.JniBenchmarkKt "$count" "$@"
