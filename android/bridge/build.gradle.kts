// The AAR: the Kotlin glue (src/main/kotlin, the same sources android-test compiles against the
// mirror of Android's API) and, per ABI, libTodayBridgeJNI.so cross-compiled from the Swift
// package at the repository's root with the Swift SDK for Android, plus the NDK's libc++_shared.so.
// The Swift runtime and Foundation are linked statically into libTodayBridgeJNI.so
// (--static-swift-stdlib), so those two libraries are all an app loads.
//
// Needs: a Swift 6.3 toolchain on PATH with the Swift SDK for Android installed
// (`swift sdk install …`), and the NDK (Android Studio's, or -PndkPath=…).
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

/** Each ABI the AAR carries: its Swift target triple and the NDK's name for its libraries. */
val abis = mapOf(
    "arm64-v8a" to ("aarch64-unknown-linux-android$swiftAndroidApi" to "aarch64-linux-android"),
    "armeabi-v7a" to ("armv7-unknown-linux-androideabi$swiftAndroidApi" to "arm-linux-androideabi"),
    "x86_64" to ("x86_64-unknown-linux-android$swiftAndroidApi" to "x86_64-linux-android"),
)
// The Swift package of the JNI core is android/ itself (Package.swift).
val packageRoot = rootProject.projectDir
val ndk = providers.gradleProperty("ndkPath").map { file(it) }
    .orElse(provider { android.ndkDirectory })
val ndkHost = if (System.getProperty("os.name").startsWith("Mac")) "darwin-x86_64" else "linux-x86_64"

val swiftLibraries = abis.map { (abi, triples) ->
    val (swiftTriple, ndkTriple) = triples
    val name = abi.split('-').joinToString("") { it.replaceFirstChar(Char::uppercase) }
    val build = tasks.register<Exec>("swiftBuild$name") {
        description = "Cross-compiles TodayBridgeJNI for $abi"
        workingDir = packageRoot
        commandLine(
            "swift", "build", "-c", "release", "--product", "TodayBridgeJNI",
            "--swift-sdk", swiftTriple, "--static-swift-stdlib",
            "--scratch-path", ".build-android-$abi",
        )
    }
    tasks.register<Copy>("swiftLibraries$name") {
        dependsOn(build)
        from(File(packageRoot, ".build-android-$abi/release/libTodayBridgeJNI.so"))
        from(ndk.map { File(it, "toolchains/llvm/prebuilt/$ndkHost/sysroot/usr/lib/$ndkTriple/libc++_shared.so") })
        into(layout.buildDirectory.dir("swift/jniLibs/$abi"))
        doFirst {
            require(ndk.get().isDirectory) { "no NDK at ${ndk.get()}: install it, or pass -PndkPath=<ndk>" }
        }
    }
}

tasks.named("preBuild") {
    dependsOn(swiftLibraries)
}
