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
