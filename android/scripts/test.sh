#!/bin/sh
# The Android glue's JUnit suite (`make android-test`, part of `make test`): the Kotlin glue in
# android/bridge over the emulation of Android's WebView API (android/emulation, a real headless
# Chromium; its classes from `make android-host`, Tools/.build/android-host), with the Swift
# core's JNI library built for Linux (Tools/.build/debug, `swift build --package-path Tools
# --product TodayBridgeJNI $(scripts/jni-flags.sh)`) loaded under -Xcheck:jni. The pages come from an HTTPS server on
# loopback with a certificate made for the run. A JNI warning fails it.
set -eu
cd "$(dirname "$0")/../.."
scripts/install-deps.sh openjdk-17-jdk-headless junit4 kotlin libandroid-json-java chromium

out=.build/android-test
java_home="${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-$(dpkg --print-architecture)}"
libraries=/usr/share/java/com.android.json.jar:/usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar
emulation=Tools/.build/android-host/classes/emulation

library=Tools/.build/debug
[ -f "$library/libTodayBridgeJNI.so" ] || {
    echo "android-test: $library/libTodayBridgeJNI.so is missing: swift build --package-path Tools --product TodayBridgeJNI \$(scripts/jni-flags.sh)" >&2
    exit 1
}
[ -d "$emulation" ] || { echo "android-test: $emulation is missing: make android-host" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out/classes"
# The test server's certificate, for this run only.
"$java_home/bin/keytool" -genkeypair -alias test -keyalg EC -groupname secp256r1 -dname CN=localhost \
    -ext SAN=ip:127.0.0.1,dns:localhost -validity 2 -storetype PKCS12 -keystore "$out/test.p12" \
    -storepass today-test -keypass today-test > /dev/null 2>&1
# -Werror: the glue and its tests compile without a warning. (JDK 17 warns about an option
# Debian's kotlinc passes to the JVM: not the code's.)
if ! JAVA_HOME="$java_home" kotlinc -Werror -jvm-target 1.8 -cp "$emulation:$libraries" -d "$out/classes" \
    android/bridge/src/main/kotlin android/tests > "$out/kotlinc.log" 2>&1; then
    cat "$out/kotlinc.log" >&2
    exit 1
fi
grep -v "Options -Xverify:none" "$out/kotlinc.log" || true

# The Android article's Kotlin, against the glue and the emulation.
node android/scripts/doc-snippets.mjs "$out/snippets"
if ! JAVA_HOME="$java_home" kotlinc -Werror -jvm-target 1.8 -cp "$out/classes:$emulation:$libraries" -d "$out/snippet-classes" \
    "$out/snippets" > "$out/snippets.log" 2>&1; then
    cat "$out/snippets.log" >&2
    exit 1
fi

# The instrumented tests (bridge/src/androidTest, with the conformance fixture of android/host they
# compile in) and the consumer sample, which run only on an Android emulator (the Android
# workflow): compiled here against the glue, the emulation and stubs of the device-only APIs they
# use (android/scripts/device-stubs), so that a name or a signature they get wrong fails here.
mkdir -p "$out/device-stubs" "$out/device-classes"
"$java_home/bin/javac" -nowarn -d "$out/device-stubs" -cp "$emulation:$libraries" $(find android/scripts/device-stubs -name '*.java')
if ! JAVA_HOME="$java_home" kotlinc -Werror -jvm-target 1.8 -cp "$out/classes:$out/device-stubs:$emulation:$libraries" -d "$out/device-classes" \
    android/bridge/src/androidTest/kotlin android/host/today/bridge/host/ConformanceFixture.kt android/host/today/bridge/host/PageExercises.kt \
    android/consumer-sample/src/main/kotlin > "$out/device.log" 2>&1; then
    cat "$out/device.log" >&2
    exit 1
fi

classpath="$out/classes:$emulation:$libraries:/usr/share/java/kotlin-stdlib.jar"
status=0
"$java_home/bin/java" -Xcheck:jni -Djava.library.path="$library" -Dtoday.test.keystore="$out/test.p12" -cp "$classpath" \
    org.junit.runner.JUnitCore today.bridge.NativeLibraryTest today.bridge.NativeBridgeTest today.bridge.NativeBridgeFuzzTest today.bridge.MainDocumentsTest today.bridge.WebViewEmulationTest today.bridge.GlueTest today.bridge.StreamTest today.bridge.BytesTest today.bridge.BytesCarriageTest today.bridge.BytesAcrossJniTest > "$out/junit.log" 2>&1 || status=$?
cat "$out/junit.log"
if grep -q "WARNING in native method" "$out/junit.log"; then
    echo "android-test: -Xcheck:jni reported a JNI misuse" >&2
    exit 1
fi
exit "$status"
