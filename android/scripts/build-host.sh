#!/bin/sh
# The JVM host of `today-bridge open --engine android` (`make android-host`): the emulation of
# Android's WebView API (android/emulation, javac), the Kotlin glue that ships (android/bridge,
# kotlinc) and the app side (android/host, compiled apart, so that it sees only the glue's public
# API), in one jar: $1/today-bridge-android-host.jar (default Tools/.build/android-host). At run
# time it needs Debian's kotlin-stdlib and Android's org.json, and the JNI library built with the
# tools. A warning fails the build.
set -eu
cd "$(dirname "$0")/../.."
scripts/install-deps.sh openjdk-17-jdk-headless kotlin libandroid-json-java

out="${1:-Tools/.build/android-host}"
java_home="${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-$(dpkg --print-architecture)}"
json=/usr/share/java/com.android.json.jar
classes="$out/classes"
rm -rf "$classes"
mkdir -p "$classes/emulation" "$classes/glue" "$classes/host"
sh android/emulation/build.sh "$classes/emulation"
# The glue must not reach past Android's API into the emulation's engine.
if grep -rn "today\.emulation\|getWebViewProvider" android/bridge/src/main/kotlin; then
    echo "android-host: the glue uses the emulation's engine, which Android does not have" >&2
    exit 1
fi
kotlin() {
    log="$out/kotlinc.log"
    # -Werror: no warning. (JDK 17 warns about an option Debian's kotlinc passes to the JVM: not the code's.)
    if ! JAVA_HOME="$java_home" kotlinc -Werror -jvm-target 1.8 "$@" > "$log" 2>&1; then
        cat "$log" >&2
        exit 1
    fi
    grep -v "Options -Xverify:none" "$log" || true
}
kotlin -module-name today-bridge -cp "$classes/emulation:$json" -d "$classes/glue" android/bridge/src/main/kotlin
kotlin -module-name today-bridge-host -cp "$classes/glue:$classes/emulation:$json" -d "$classes/host" android/host
rm -f "$out/today-bridge-android-host.jar"
"$java_home/bin/jar" --create --file "$out/today-bridge-android-host.jar" -C "$classes/emulation" . -C "$classes/glue" . -C "$classes/host" .
