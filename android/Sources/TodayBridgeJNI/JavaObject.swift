import CJNI

/// A Java object held across calls and threads: a JNI global reference, deleted when the last
/// Swift owner lets go of it.
final class JavaObject: @unchecked Sendable {
    // @unchecked: a global reference is valid on every thread until deleted, which only deinit does.
    let reference: jobject

    /// Holds `object` (a local reference of the calling native method); `nil` for a null object.
    init?(_ object: jobject?, in jni: JNI) {
        guard let object, let global = jni.newGlobalRef(object) else { return nil }
        reference = global
    }

    deinit {
        JNI.current?.deleteGlobalRef(reference)
    }
}

/// A Java object referred to without keeping it alive: a JNI weak global reference. The native
/// side holds a web view's host this way, so that the glue's objects (and the `WebView` they
/// reach) are collected when the app lets them go, even while the core still knows the web view.
final class WeakJavaObject: @unchecked Sendable {
    // @unchecked: a weak global reference is valid on every thread until deleted, which only deinit does.
    private let reference: jweak

    init?(_ object: jobject?, in jni: JNI) {
        guard let object, let weak = jni.newWeakGlobalRef(object) else { return nil }
        reference = weak
    }

    /// Runs `body` with a local reference to the object, or returns `nil` when it was collected.
    func withObject<Result>(in jni: JNI, _ body: (jobject) -> Result) -> Result? {
        guard let local = jni.newLocalRef(reference) else { return nil }
        defer { jni.deleteLocalRef(local) }
        return body(local)
    }

    deinit {
        JNI.current?.deleteWeakGlobalRef(reference)
    }
}
