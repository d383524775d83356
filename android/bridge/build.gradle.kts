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
//
// The Maven publication `release` (`:bridge:publishReleasePublicationToLocalRepository`): the AAR
// with its POM and Gradle module metadata, at the coordinates of ../gradle.properties and the
// version TodayBridge.version, into the Maven repository android/build/repo (the Android workflow
// publishes there and builds ../consumer-sample against it). The instrumented tests
// (src/androidTest, `:bridge:connectedDebugAndroidTest`) need the web SDK's conformance pages built
// first (web/scripts/build.sh: web/dist/conformance).
import org.gradle.api.tasks.Copy
import org.gradle.api.tasks.Exec
import org.jetbrains.kotlin.gradle.dsl.KotlinVersion

plugins {
    id("com.android.library")
    id("org.jetbrains.kotlin.android")
    `maven-publish`
}

/** A fact of the publication, from ../gradle.properties (`todayBridge.<name>`). */
fun publication(name: String): String = providers.gradleProperty("todayBridge.$name").get()

/**
 * TodayBridge.version, read from the one place it is written (RELEASING.md); the same pattern as
 * android/scripts/check-publication.py's.
 */
val todayBridgeVersion: String = run {
    val source = File(rootProject.projectDir, "../Sources/TodayBridge/Bridge/TodayBridge+Version.swift")
    Regex("""public static let version = "([^"\\]+)"""").find(source.readText())?.groupValues?.get(1)
        ?: throw GradleException("$source has no `public static let version = \"…\"`")
}

group = publication("groupId")
version = todayBridgeVersion

android {
    namespace = "today.bridge"
    compileSdk = 35
    // The Swift SDK for Android targets API 28 and later.
    defaultConfig {
        minSdk = 28
        consumerProguardFiles("consumer-rules.pro")
        testInstrumentationRunner = "androidx.test.runner.AndroidJUnitRunner"
    }
    sourceSets["main"].jniLibs.srcDir(layout.buildDirectory.dir("swift/jniLibs"))
    // The conformance kit's pages (conformanceAssets below), served to the instrumented tests from the test APK's assets.
    sourceSets["androidTest"].assets.srcDir(layout.buildDirectory.dir("conformance-assets"))
    publishing {
        singleVariant("release") {
            withSourcesJar()
        }
    }
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
}

kotlin {
    jvmToolchain(17)
    // What an app on an older Kotlin can read: the glue's metadata at this language level, and the
    // POM's kotlin-stdlib at this version instead of the plugin's own (2.1's metadata is unreadable
    // by Kotlin 1.9 and older). The glue also compiles with Kotlin 1.3 (android/scripts/test.sh).
    coreLibrariesVersion = publication("kotlinStdlib")
    compilerOptions {
        languageVersion.set(KotlinVersion.fromVersion(publication("kotlinLevel")))
        apiVersion.set(KotlinVersion.fromVersion(publication("kotlinLevel")))
    }
}

dependencies {
    implementation("androidx.webkit:webkit:${publication("androidxWebkit")}")
    androidTestImplementation("androidx.test:runner:1.6.2")
    androidTestImplementation("androidx.test:core:1.6.1")
    androidTestImplementation("androidx.test.ext:junit:1.2.1")
    androidTestImplementation("junit:junit:4.13.2")
}

publishing {
    publications {
        register<MavenPublication>("release") {
            groupId = publication("groupId")
            artifactId = publication("artifactId")
            version = todayBridgeVersion
            afterEvaluate {
                from(components["release"])
            }
            pom {
                name.set("Today WebView Bridge for Android")
                description.set("The Today WebView Bridge's Swift core (libTodayBridgeJNI.so, per ABI, with libc++_shared.so) and its Kotlin glue for android.webkit.WebView")
                url.set(publication("url"))
                licenses {
                    license {
                        name.set(publication("licenseName"))
                        url.set(publication("licenseUrl"))
                        distribution.set("repo")
                    }
                }
                scm {
                    url.set(publication("url"))
                    connection.set("scm:git:${publication("url")}.git")
                }
            }
        }
    }
    repositories {
        // android/build/repo: what CI publishes and ../consumer-sample resolves from.
        maven {
            name = "local"
            url = uri(rootProject.layout.buildDirectory.dir("repo"))
        }
    }
}

/** The conformance kit's pages (web/dist/conformance, web/scripts/build.sh) as assets/conformance/ of the test APK. */
val conformanceAssets = tasks.register<Copy>("conformanceAssets") {
    val pages = File(rootProject.projectDir, "../web/dist/conformance")
    from(pages)
    into(layout.buildDirectory.dir("conformance-assets/conformance"))
    doFirst {
        require(File(pages, "index.html").isFile) { "$pages/index.html is missing: run web/scripts/build.sh" }
    }
}

/**
 * The conformance fixture the JVM host registers (android/host: ConformanceFixture.kt and the
 * PageExercises.kt it uses, which need only the glue and org.json), compiled into the instrumented
 * tests, so that the device runs the same fixture as `conformance --engine android`.
 */
val conformanceFixtureSources = tasks.register<Copy>("conformanceFixtureSources") {
    from(File(rootProject.projectDir, "host/today/bridge/host")) {
        include("ConformanceFixture.kt", "PageExercises.kt")
    }
    into(layout.buildDirectory.dir("conformance-fixture/today/bridge/host"))
}
android.sourceSets["androidTest"].kotlin.srcDir(layout.buildDirectory.dir("conformance-fixture"))

tasks.configureEach {
    if (name.matches(Regex("merge\\w*AndroidTestAssets"))) dependsOn(conformanceAssets)
    if (name.matches(Regex("compile\\w*AndroidTestKotlin"))) dependsOn(conformanceFixtureSources)
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
