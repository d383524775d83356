import CJNI

/// The methods of the glue's `today.bridge.NativeHost` interface, looked up once when the
/// virtual machine loads the library (a thread Swift attached later could not find the class:
/// on Android, `FindClass` off a Java thread sees only the system's classes).
struct NativeHostMethods: @unchecked Sendable {
    // @unchecked: method ids are plain values, valid on every thread while the class is loaded;
    // `type` (a global reference) keeps it loaded.
    let type: jobject
    /// `void reply(Object route, byte[] reply, byte[][] attachments)`: a string-transport reply for
    /// the frame behind `route`, with the bytes it names by index (null for none, B2).
    let reply: jmethodID
    /// `byte[]`'s class (a global reference), for the attachments' arrays.
    let byteArrayType: jclass
    /// `void service(long callId, String service, byte[] arguments, byte[][] attachments)`: a call
    /// the host completes with `NativeBridge.completeService`, with the bytes its arguments name
    /// by index (null for none, B2).
    let service: jmethodID

    static let className = "today/bridge/NativeHost"

    init?(in jni: JNI) {
        guard let local = jni.findClass(Self.className),
            let type = jni.newGlobalRef(local),
            let reply = jni.methodID(local, "reply", "(Ljava/lang/Object;[B[[B)V"),
            let byteArrayLocal = jni.findClass("[B"), let byteArrayType = jni.newGlobalRef(byteArrayLocal),
            let service = jni.methodID(local, "service", "(JLjava/lang/String;[B[[B)V")
        else { return nil }
        self.type = type
        self.reply = reply
        self.byteArrayType = byteArrayType
        self.service = service
    }

    /// Set by `JNI_OnLoad`, before the virtual machine lets any other function of the library run.
    nonisolated(unsafe) static var loaded: NativeHostMethods?
}

/// Caches the virtual machine and the host's methods.
@_cdecl("JNI_OnLoad")
public func JNI_OnLoad(_ vm: UnsafeMutablePointer<JavaVM?>, _ reserved: UnsafeMutableRawPointer?) -> jint {
    cjni_set_vm(vm)
    guard let jni = JNI.current, let methods = NativeHostMethods(in: jni) else { return JNI_ERR }
    NativeHostMethods.loaded = methods
    return JNI_VERSION_1_6
}
