// The AAR: the Kotlin glue (src/main/kotlin, the same sources android-test runs over the emulation
// of Android's WebView API) and, per ABI, libTodayBridgeJNI.so cross-compiled from the Swift
// package of android/ with the Swift SDK for Android, plus libc++_shared.so from the NDK sysroot the
// SDK links against. The library is linked as swiftlang's Android examples link theirs
// (swift-android-examples, swift-android.gradle.kts): `-Xswiftc -static-stdlib` with the SDK's
// static resource directory (swift_static-<arch>), so the Swift runtime and Foundation are inside
// libTodayBridgeJNI.so. `--static-swift-stdlib` alone does not do that for a dynamic library
// product with SwiftPM's native build system: the library would need libswiftCore.so and
// Foundation's libraries, which the AAR does not carry.
//
// Needs: a Swift 6.3 toolchain on PATH with the Swift SDK for Android installed (`swift sdk
// install …`) and linked to an NDK (the SDK's swift-android/scripts/setup-android-sdk.sh, README).
// -PswiftSdkBundle=<path to the installed *android*.artifactbundle> when several are installed.
import org.gradle.api.tasks.Copy
import org.gradle.api.tasks.Exec

plugins {
    id("com.android.library")
    id("org.jetbrains.kotlin.android")
}

android {
    namespace = "today.bridge"
    compileSdk = 35
    // The Swift SDK for Android targets API 28 and later.
    defaultConfig {
        minSdk = 28
        consumerProguardFiles("consumer-rules.pro")
    }
    sourceSets["main"].jniLibs.srcDir(layout.buildDirectory.dir("swift/jniLibs"))
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
}

kotlin {
    jvmToolchain(17)
}

dependencies {
    implementation("androidx.webkit:webkit:1.12.1")
}

/** The API level in the Swift SDK's target triples (`swift sdk list`); 28 for swift.org's SDK. */
val swiftAndroidApi = providers.gradleProperty("swiftAndroidApi").getOrElse("28")

/** One ABI the AAR carries: the Swift SDK's target triple (Swift 6.2+ names armv7's
 * `armv7-unknown-linux-android<api>`), its arch in the SDK's resource directories, and the NDK's
 * name for its libraries. */
data class Abi(val swiftTriple: String, val swiftArch: String, val ndkTriple: String)

val abis = mapOf(
    "arm64-v8a" to Abi("aarch64-unknown-linux-android$swiftAndroidApi", "aarch64", "aarch64-linux-android"),
    "armeabi-v7a" to Abi("armv7-unknown-linux-android$swiftAndroidApi", "armv7", "arm-linux-androideabi"),
    "x86_64" to Abi("x86_64-unknown-linux-android$swiftAndroidApi", "x86_64", "x86_64-linux-android"),
)
// The Swift package of the JNI core is android/ itself (Package.swift).
val packageRoot = rootProject.projectDir

/** The installed Swift SDK for Android: -PswiftSdkBundle, else the one *android*.artifactbundle
 * in SwiftPM's SDK folders. */
val swiftSdkBundle: File by lazy {
    providers.gradleProperty("swiftSdkBundle").orNull?.let { return@lazy file(it) }
    val home = System.getProperty("user.home")
    val bundles = listOf("$home/.swiftpm/swift-sdks", "$home/.config/swiftpm/swift-sdks", "$home/Library/org.swift.swiftpm/swift-sdks")
        .flatMap { file(it).listFiles()?.toList() ?: emptyList() }
        .filter { it.isDirectory && it.name.contains("android") && it.name.endsWith(".artifactbundle") }
    require(bundles.size == 1) {
        "found ${bundles.size} Swift SDKs for Android (${bundles.joinToString()}): install one, or pass -PswiftSdkBundle=<bundle>"
    }
    bundles.single()
}

val swiftLibraries = abis.map { (abi, target) ->
    val name = abi.split('-').joinToString("") { it.replaceFirstChar(Char::uppercase) }
    val scratch = ".build-android-$abi"
    val build = tasks.register<Exec>("swiftBuild$name") {
        description = "Cross-compiles TodayBridgeJNI for $abi, the Swift runtime and Foundation linked in"
        workingDir = packageRoot
        doFirst {
            commandLine(
                "swift", "build", "-c", "release", "--product", "TodayBridgeJNI",
                "--swift-sdk", target.swiftTriple, "--build-system", "native",
                "-Xswiftc", "-static-stdlib",
                "-Xswiftc", "-resource-dir", "-Xswiftc", File(swiftSdkBundle, "swift-android/swift-resources/usr/lib/swift_static-${target.swiftArch}").path,
                "--scratch-path", scratch,
            )
        }
    }
    tasks.register<Copy>("swiftLibraries$name") {
        dependsOn(build)
        val library = File(packageRoot, "$scratch/${target.swiftTriple}/release/libTodayBridgeJNI.so")
        // The C++ runtime of the NDK sysroot the SDK links against (setup-android-sdk.sh links it).
        val cxx = provider { File(swiftSdkBundle, "swift-android/ndk-sysroot/usr/lib/${target.ndkTriple}/libc++_shared.so") }
        from(library)
        from(cxx)
        into(layout.buildDirectory.dir("swift/jniLibs/$abi"))
        // Copy skips a missing source without a word: an AAR without its library must not build.
        doFirst {
            for (needed in listOf(library, cxx.get())) {
                require(needed.isFile) { "$abi: $needed is missing (the Swift build's output, or the NDK sysroot linked by setup-android-sdk.sh)" }
            }
        }
    }
}

tasks.named("preBuild") {
    dependsOn(swiftLibraries)
}
