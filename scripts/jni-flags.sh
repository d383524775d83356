#!/bin/sh
# Prints the `swift build` flags that find <jni.h> on Linux: the JDK's include folders (JAVA_HOME,
# else Debian's OpenJDK 17). The Android NDK's sysroot has <jni.h>, so cross-builds need none; the
# flags stay on the command line, out of android/Package.swift (no unsafe flags in a manifest).
java_home="${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-$(dpkg --print-architecture)}"
echo "-Xcc -I$java_home/include -Xcc -I$java_home/include/linux"
