// An app that depends on the published library by its coordinates, as an app outside this
// repository does: resolved from the Maven repository `gradle -p android
// :bridge:publishReleasePublicationToLocalRepository` writes (android/build/repo), its
// dependencies (androidx.webkit, kotlin-stdlib) from Google's and Maven Central. The Android
// workflow builds it (`gradle -p android/consumer-sample assembleRelease`), R8 on, after publishing.
pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}

dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        maven {
            name = "published"
            url = uri(file("../build/repo"))
        }
        google()
        mavenCentral()
    }
}

rootProject.name = "today-bridge-consumer-sample"
