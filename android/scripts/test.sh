#!/bin/sh
# The Android glue's JUnit suite (`make android-test`, part of `make test`): the Kotlin glue in
# android/bridge compiled against the Java mirror of Android's WebView API (android/mirror), with
# the Swift core's JNI library built for Linux (Tools/.build/debug, `swift build --package-path
# Tools --product TodayBridgeJNI`) and loaded under -Xcheck:jni. A JNI warning fails it.
set -eu
cd "$(dirname "$0")/../.."
scripts/install-deps.sh openjdk-17-jdk-headless junit4 kotlin libandroid-json-java

out=.build/android-test
java_home="${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-$(dpkg --print-architecture)}"
libraries=/usr/share/java/com.android.json.jar:/usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar

library=Tools/.build/debug
[ -f "$library/libTodayBridgeJNI.so" ] || {
    echo "android-test: $library/libTodayBridgeJNI.so is missing: swift build --package-path Tools --product TodayBridgeJNI" >&2
    exit 1
}
rm -rf "$out"
mkdir -p "$out/classes"
sh android/mirror/build.sh "$out/mirror"
# -Werror: the glue and its tests compile without a warning. (JDK 17 warns about an option
# Debian's kotlinc passes to the JVM: not the code's.)
if ! JAVA_HOME="$java_home" kotlinc -Werror -jvm-target 1.8 -cp "$out/mirror:$libraries" -d "$out/classes" \
    android/bridge/src/main/kotlin android/tests > "$out/kotlinc.log" 2>&1; then
    cat "$out/kotlinc.log" >&2
    exit 1
fi
grep -v "Options -Xverify:none" "$out/kotlinc.log" || true

# The Android article's Kotlin, against the glue and the mirror.
node android/scripts/doc-snippets.mjs "$out/snippets"
if ! JAVA_HOME="$java_home" kotlinc -Werror -jvm-target 1.8 -cp "$out/classes:$out/mirror:$libraries" -d "$out/snippet-classes" \
    "$out/snippets" > "$out/snippets.log" 2>&1; then
    cat "$out/snippets.log" >&2
    exit 1
fi

classpath="$out/classes:$out/mirror:$libraries:/usr/share/java/kotlin-stdlib.jar"
status=0
"$java_home/bin/java" -Xcheck:jni -Djava.library.path="$library" -cp "$classpath" \
    org.junit.runner.JUnitCore today.bridge.NativeBridgeTest today.bridge.GlueTest > "$out/junit.log" 2>&1 || status=$?
cat "$out/junit.log"
if grep -q "WARNING in native method" "$out/junit.log"; then
    echo "android-test: -Xcheck:jni reported a JNI misuse" >&2
    exit 1
fi
exit "$status"
