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
        .package(path: ".."),
    ],
    targets: [
        // <jni.h>: the NDK's sysroot has it on Android; on Linux it comes from the JDK (JAVA_HOME,
        // else Debian's OpenJDK 17).
        .target(name: "CJNI", cSettings: [.unsafeFlags(jdkIncludes, .when(platforms: [.linux]))]),
        .target(
            name: "TodayBridgeAndroidWire",
            dependencies: [.product(name: "TodayBridge", package: libraries)],
            packageAccess: false,
            swiftSettings: joinsLibraries
        ),
        .target(
            name: "TodayBridgeJNI",
            dependencies: [.product(name: "TodayBridge", package: libraries), "TodayBridgeAndroidWire", "CJNI"],
            packageAccess: false,
            swiftSettings: [.unsafeFlags(jdkIncludes.flatMap { ["-Xcc", $0] }, .when(platforms: [.linux]))] + joinsLibraries
        ),
    ],
    swiftLanguageModes: [.v6]
)

var jdkIncludes: [String] {
    let javaHome = Context.environment["JAVA_HOME"] ?? "/usr/lib/jvm/java-17-openjdk-amd64"
    return ["-I\(javaHome)/include", "-I\(javaHome)/include/linux"]
}

// The JNI library is the core's own adapter and uses the core's `package` API, as the libraries'
// adapters do. SwiftPM names the package of a package's modules after its identity, the last
// component of its path: the library joins the core's package under that name instead of its own.
var libraries: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()
}

var joinsLibraries: [SwiftSetting] {
    [.unsafeFlags(["-package-name", String(libraries.map { $0.isLetter || $0.isNumber ? $0 : "_" })])]
}
