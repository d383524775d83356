// The Android library of the bridge: the Kotlin glue and the Swift core, as one AAR (`:bridge`).
pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}

dependencyResolutionManagement {
    repositories {
        google()
        mavenCentral()
    }
}

rootProject.name = "today-bridge"
include(":bridge")
