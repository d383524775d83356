// swift-tools-version: 6.2
import Foundation
import PackageDescription

// The native half of the Android library: the core behind a JNI surface (`libTodayBridgeJNI.so`),
// which the Gradle module (bridge/) cross-compiles per ABI with the Swift SDK for Android and packs
// into the AAR, and which the JUnit suite (scripts/test.sh) loads on Linux. Apps get it inside the
// AAR, never through SwiftPM: this package is always the root of its build.
let package = Package(
    name: "TodayBridgeAndroid",
    products: [
        .library(name: "TodayBridgeJNI", type: .dynamic, targets: ["TodayBridgeJNI"]),
        // The shapes the glue and the core exchange, which the generator renders as Kotlin (Tools/).
        .library(name: "TodayBridgeAndroidWire", targets: ["TodayBridgeAndroidWire"]),
    ],
    dependencies: [
        .package(path: "..")
    ],
    targets: [
        // <jni.h>: the NDK's sysroot has it on Android; on Linux the JDK's, whose folders the build
        // command names (scripts/jni-flags.sh).
        .target(name: "CJNI"),
        .target(
            name: "TodayBridgeAndroidWire",
            dependencies: [.product(name: "TodayBridge", package: libraries)]
        ),
        .target(
            name: "TodayBridgeJNI",
            dependencies: [.product(name: "TodayBridge", package: libraries), "TodayBridgeAndroidWire", "CJNI"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The libraries' package, by its identity (the last component of its path).
var libraries: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
        .lowercased()
}
