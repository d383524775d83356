// The sample app: one activity with a WebView and the bridge installed, built in release with R8
// (the library's consumer rules apply). Its Kotlin is older than the library's build (1.9 here,
// 2.1 there): the library's metadata and stdlib must be readable by it.
plugins {
    id("com.android.application") version "8.7.3"
    id("org.jetbrains.kotlin.android") version "1.9.25"
}

android {
    namespace = "today.sample"
    compileSdk = 35
    defaultConfig {
        applicationId = "today.sample"
        minSdk = 28
        targetSdk = 35
        versionCode = 1
        versionName = "1"
    }
    buildTypes {
        release {
            isMinifyEnabled = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"))
            // Unsigned is enough to build; the debug key lets the APK install where one wants to try it.
            signingConfig = signingConfigs.getByName("debug")
        }
    }
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
    // One C++ runtime per app: the library ships libc++_shared.so (NDK r27d, which its Swift core
    // links against). An app with another native library that ships its own libc++_shared.so gets
    // "2 files found with path 'lib/<abi>/libc++_shared.so'": it keeps one, from the newest NDK of
    // the two (libc++ keeps its ABI across NDK releases), with
    //     packaging { jniLibs { pickFirsts += "lib/*/libc++_shared.so" } }
    // after checking the other library was built with an NDK no newer than that one.
}

kotlin {
    jvmToolchain(17)
}

dependencies {
    implementation("today.bridge:today-bridge-android:${providers.gradleProperty("todayBridgeVersion").get()}")
}
