import CJNI
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TodayBridge

/// The JNI environment of the calling thread, with the few operations this library needs.
///
/// Text crosses as UTF-8 in byte arrays, never as JNI's modified UTF-8; the only strings made
/// here are built from UTF-16 (`NewString`).
struct JNI {
    let env: UnsafeMutablePointer<JNIEnv?>

    /// The calling thread's environment, attaching a Swift thread to the virtual machine first.
    static var current: JNI? {
        cjni_current_env().map(JNI.init)
    }

    /// The VM's function table. The unwrap cannot fail: every `JNI` is made from an environment the
    /// VM handed over (a native method's first argument, or `GetEnv`/`AttachCurrentThread` in
    /// `cjni_current_env`), and such a `JNIEnv *` always points at the table (JNI specification,
    /// "JNI Interface Functions and Pointers"); no page or app input reaches this pointer.
    private var functions: JNINativeInterface_ { env.pointee!.pointee }

    /// The bytes of a Java `byte[]`; `nil` for a null array.
    func bytes(of array: jbyteArray?) -> [UInt8]? {
        withBytes(of: array) { $0.map(Array.init) }
    }

    /// The UTF-8 text of a Java `byte[]` (ill-formed sequences repaired, as `String(decoding:)`
    /// does); `nil` for a null array.
    func text(of array: jbyteArray?) -> String? {
        withBytes(of: array) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Runs `body` with a temporary copy of a Java `byte[]` (on the stack when it is small), or
    /// with `nil` for a null array: a request's bytes are read in place, without an array or a
    /// string of them.
    func withBytes<Result>(of array: jbyteArray?, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        guard let array else { return body(nil) }
        let count = Int(functions.GetArrayLength(env, array))
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            buffer.withMemoryRebound(to: jbyte.self) { bytes in
                functions.GetByteArrayRegion(env, array, 0, jsize(count), bytes.baseAddress)
            }
            return body(UnsafeBufferPointer(buffer))
        }
    }

    /// The bytes of each `byte[]` of a Java `byte[][]`, copied (a null element is empty); `nil`
    /// for a null array.
    func byteArrays(of array: jobjectArray?) -> [Data]? {
        guard let array else { return nil }
        let count = Int(functions.GetArrayLength(env, array))
        return (0..<count).map { index in
            guard let element = functions.GetObjectArrayElement(env, array, jsize(index)) else { return Data() }
            defer { functions.DeleteLocalRef(env, element) }
            let length = Int(functions.GetArrayLength(env, element))
            var data = Data(count: length)
            data.withUnsafeMutableBytes { bytes in
                functions.GetByteArrayRegion(
                    env, element, 0, jsize(length), bytes.baseAddress?.assumingMemoryBound(to: jbyte.self))
            }
            return data
        }
    }

    /// A new Java `byte[][]` holding each of `list` (a local reference); `nil` when Java is out of memory.
    func byteArrays(_ list: [Data], type: jclass) -> jobjectArray? {
        guard let array = functions.NewObjectArray(env, jsize(list.count), type, nil) else { return nil }
        for (index, data) in list.enumerated() {
            let element: jbyteArray? = data.withUnsafeBytes { byteArray($0.bindMemory(to: UInt8.self)) }
            guard let element else { return nil }
            functions.SetObjectArrayElement(env, array, jsize(index), element)
            functions.DeleteLocalRef(env, element)
        }
        return array
    }

    /// The JSON value in a Java `byte[]` of UTF-8, its byte values naming the `byte[]`s of
    /// `attachments` by index (B2); `nil` for a null array.
    func json(_ array: jbyteArray?, attachments: jobjectArray? = nil) throws -> JSONValue? {
        guard let bytes = bytes(of: array) else { return nil }
        return try JSONValue(utf8: bytes, attachments: byteArrays(of: attachments) ?? [])
    }

    /// A new Java `byte[]` holding `text` as UTF-8 (a local reference).
    func byteArray(_ text: String) -> jbyteArray? {
        var text = text
        return text.withUTF8(byteArray)
    }

    /// A new Java `byte[]` holding `bytes` (a local reference).
    func byteArray(_ bytes: [UInt8]) -> jbyteArray? {
        bytes.withUnsafeBufferPointer(byteArray)
    }

    private func byteArray(_ bytes: UnsafeBufferPointer<UInt8>) -> jbyteArray? {
        guard let array = functions.NewByteArray(env, jsize(bytes.count)) else { return nil }
        bytes.withMemoryRebound(to: jbyte.self) { bytes in
            functions.SetByteArrayRegion(env, array, 0, jsize(bytes.count), bytes.baseAddress)
        }
        return array
    }

    /// A new Java `String` (a local reference), built from UTF-16.
    func string(_ text: String) -> jstring? {
        let utf16 = Array(text.utf16)
        return functions.NewString(env, utf16, jsize(utf16.count))
    }

    func newGlobalRef(_ object: jobject) -> jobject? {
        functions.NewGlobalRef(env, object)
    }

    func deleteGlobalRef(_ object: jobject) {
        functions.DeleteGlobalRef(env, object)
    }

    func newWeakGlobalRef(_ object: jobject) -> jweak? {
        functions.NewWeakGlobalRef(env, object)
    }

    func deleteWeakGlobalRef(_ object: jweak) {
        functions.DeleteWeakGlobalRef(env, object)
    }

    /// A local reference to what `object` refers to; `nil` when that was a weak reference to an object since collected.
    func newLocalRef(_ object: jobject) -> jobject? {
        functions.NewLocalRef(env, object)
    }

    func deleteLocalRef(_ object: jobject) {
        functions.DeleteLocalRef(env, object)
    }

    func findClass(_ name: String) -> jclass? {
        functions.FindClass(env, name)
    }

    func methodID(_ type: jclass, _ name: String, _ signature: String) -> jmethodID? {
        functions.GetMethodID(env, type, name, signature)
    }

    /// Calls a `void` Java method. Returns `false` when it threw: the exception is printed and
    /// cleared, so the thread can go on calling into Java.
    func callVoidMethod(_ object: jobject, _ method: jmethodID, _ arguments: [jvalue]) -> Bool {
        functions.CallVoidMethodA(env, object, method, arguments)
        guard functions.ExceptionCheck(env) == JNI_FALSE else {
            functions.ExceptionDescribe(env)
            functions.ExceptionClear(env)
            return false
        }
        return true
    }

    /// Runs `body` in a local reference frame, so a Swift thread that never returns to Java
    /// does not collect local references.
    func withLocalFrame<Result>(_ body: () -> Result) -> Result {
        guard functions.PushLocalFrame(env, 16) == JNI_OK else {
            // Out of memory: an OutOfMemoryError is pending; run without a frame of our own.
            functions.ExceptionClear(env)
            return body()
        }
        defer { _ = functions.PopLocalFrame(env, nil) }
        return body()
    }

    /// Throws `java.lang.IllegalArgumentException` with `message` when the native method returns.
    func throwIllegalArgument(_ message: String) {
        guard let type = findClass("java/lang/IllegalArgumentException") else { return }
        // ThrowNew takes modified UTF-8: the message is built from UTF-16 instead.
        guard let text = string(message),
            let constructor = methodID(type, "<init>", "(Ljava/lang/String;)V"),
            let exception = functions.NewObjectA(env, type, constructor, [jvalue(l: text)])
        else { return }
        _ = functions.Throw(env, exception)
    }
}
