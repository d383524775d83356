#if os(Linux)
import CWebKitGTK

/// Awaits one GIO-style asynchronous call on the GLib thread.
///
/// `start` begins the call with the callback and data to pass to it; `finish` reads the result
/// (the `..._finish` function) when GLib calls back, and turns it into a Swift value.
///
/// ```swift
/// try await GAsyncCall.run { callback, data in
///     webkit_cookie_manager_add_cookie(manager, cookie, nil, callback, data)
/// } finish: { source, result in
///     _ = try GLibError.check { webkit_cookie_manager_add_cookie_finish(manager, result, &$0) }
/// }
/// ```
@GLibActor
public enum GAsyncCall {
    /// Starts the call and returns what `finish` makes of its result.
    public static func run<Result: Sendable>(
        _ start: (GAsyncReadyCallback, gpointer) -> Void,
        finish: @escaping (UnsafeMutablePointer<GObject>?, OpaquePointer?) throws -> Result
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            self.start(start) { source, result in
                continuation.resume(with: Swift.Result { try finish(source, result) })
            }
        }
    }

    /// Starts the call now, before returning, and runs `completion` with its source and result when
    /// GLib calls back: for calls that must start in the order they are made.
    static func start(
        _ start: (GAsyncReadyCallback, gpointer) -> Void,
        completion: @escaping (UnsafeMutablePointer<GObject>?, OpaquePointer?) -> Void
    ) {
        start(
            { source, result, data in
                // `data` is the pending call passed below: never nil.
                Unmanaged<Pending>.fromOpaque(data!).takeRetainedValue().complete(source, result)
            }, Unmanaged.passRetained(Pending(completion)).toOpaque())
    }

    private final class Pending {
        let complete: (UnsafeMutablePointer<GObject>?, OpaquePointer?) -> Void
        init(_ complete: @escaping (UnsafeMutablePointer<GObject>?, OpaquePointer?) -> Void) {
            self.complete = complete
        }
    }
}

/// A GLib error as a Swift error.
public struct GLibError: Error, CustomStringConvertible {
    /// The error's message.
    public let message: String
    public var description: String { message }

    /// Runs a C call that reports failure through a `GError**`, and throws that error.
    public static func check<T>(_ call: (inout UnsafeMutablePointer<GError>?) -> T) throws -> T {
        var error: UnsafeMutablePointer<GError>?
        let value = call(&error)
        if let error {
            defer { g_error_free(error) }
            throw GLibError(message: String(cString: error.pointee.message))
        }
        return value
    }
}
#endif
