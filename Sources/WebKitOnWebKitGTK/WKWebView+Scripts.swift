#if os(Linux)
import CWebKitGTK

/// The app's scripts in the main frame: `evaluateJavaScript` and `callAsyncJavaScript`.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkwebview> ("Executing JavaScript").
extension WKWebView {
    /// Evaluates `javaScriptString` in the main frame's page world; calls back on the main thread
    /// with its value (`nil` for `undefined`) or the error.
    public func evaluateJavaScript(
        _ javaScriptString: String, completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil
    ) {
        evaluate(javaScriptString, world: .page) { result in
            switch result {
            case .success(let value): completionHandler?(value, nil)
            case .failure(let error): completionHandler?(nil, error)
            }
        }
    }

    /// Evaluates `javaScript` in `frame` (the main frame when `nil`) and `contentWorld`.
    /// (WebKit's Swift overlay.)
    @preconcurrency
    public func evaluateJavaScript(
        _ javaScript: String, in frame: WKFrameInfo? = nil, in contentWorld: WKContentWorld,
        completionHandler: (@MainActor (Result<Any, any Error>) -> Void)? = nil
    ) {
        guard Self.isMainFrame(frame) else { return completionHandler?(.failure(Self.subFrameError)) ?? () }
        evaluate(javaScript, world: contentWorld) { completionHandler?($0.map { $0 ?? Optional<Any>.none as Any }) }
    }

    /// Runs `functionBody` as the body of an async function whose parameters are `arguments`'
    /// names, in `frame` (the main frame when `nil`) and `contentWorld`; calls back with its value
    /// once the promise it returns settles. (WebKit's Swift overlay.)
    ///
    /// Arguments are the values WebKit sends (numbers, booleans, strings, `NSNull`, `Date`s, arrays
    /// and dictionaries); WebKitGTK cannot take them all, so they cross as literals in the code it
    /// runs (`ScriptValues.call`), which runs no page code, as WebKit hands them over. Inside the
    /// function, `arguments` is not the arguments WebKit would give.
    @preconcurrency
    public func callAsyncJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil,
        in contentWorld: WKContentWorld,
        completionHandler: (@MainActor (Result<Any, any Error>) -> Void)? = nil
    ) {
        callFunction(functionBody, arguments: arguments, in: frame, in: contentWorld) { result in
            completionHandler?(result.map { $0 ?? Optional<Any>.none as Any })
        }
    }

    /// `callAsyncJavaScript` awaited: the value, `nil` for `undefined`. (WebKit's Swift overlay.)
    public func callAsyncJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil,
        contentWorld: WKContentWorld
    ) async throws -> Any? {
        let box = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<ResultBox, any Error>) in
            callFunction(functionBody, arguments: arguments, in: frame, in: contentWorld) { result in
                continuation.resume(with: result.map { ResultBox(value: $0) })
            }
        }
        return box.value
    }

    private func callFunction(
        _ functionBody: String, arguments: [String: Any], in frame: WKFrameInfo?, in contentWorld: WKContentWorld,
        completion: @escaping @MainActor (Result<Any?, any Error>) -> Void
    ) {
        guard Self.isMainFrame(frame) else { return completion(.failure(Self.subFrameError)) }
        guard let body = ScriptValues.call(functionBody, arguments: arguments) else {
            return completion(
                .failure(
                    NSError(
                        domain: "WKErrorDomain", code: 5,
                        userInfo: [NSLocalizedDescriptionKey: "An argument is not a value WebKit can send"])))
        }
        let done = Unmanaged.passRetained(Completion { completion($0 as! Result<Any?, any Error>) }).toOpaque()
        webkit_web_view_call_async_javascript_function(
            view, body, -1, nil, contentWorld.scriptWorld, nil, nil,
            { source, result, data in
                let outcome = WKWebView.finish {
                    webkit_web_view_call_async_javascript_function_finish(
                        UnsafeMutablePointer(OpaquePointer(source)), result, &$0)
                }
                Unmanaged<Completion>.fromOpaque(data!).takeRetainedValue().call(outcome)
            }, done)
        MainThreadLoop.wake()
    }

    private func evaluate(
        _ script: String, world: WKContentWorld, completion: @escaping @MainActor (Result<Any?, any Error>) -> Void
    ) {
        let done = Unmanaged.passRetained(Completion { completion($0 as! Result<Any?, any Error>) }).toOpaque()
        webkit_web_view_evaluate_javascript(
            view, script, -1, world.scriptWorld, nil, nil,
            { source, result, data in
                let outcome = WKWebView.finish {
                    webkit_web_view_evaluate_javascript_finish(UnsafeMutablePointer(OpaquePointer(source)), result, &$0)
                }
                Unmanaged<Completion>.fromOpaque(data!).takeRetainedValue().call(outcome)
            }, done)
        MainThreadLoop.wake()
    }

    /// A script's outcome: its value as Foundation objects, or WebKit's error for an exception.
    private nonisolated static func finish(
        _ call: (inout UnsafeMutablePointer<GError>?) -> OpaquePointer?
    ) -> Result<Any?, any Error> {
        var error: UnsafeMutablePointer<GError>?
        let value = call(&error)
        if let error {
            defer { g_error_free(error) }
            let message = String(cString: error.pointee.message)
            return .failure(
                NSError(
                    domain: "WKErrorDomain", code: 4,
                    userInfo: [
                        NSLocalizedDescriptionKey: "A JavaScript exception occurred",
                        "WKJavaScriptExceptionMessage": message,
                    ]))
        }
        guard let value else { return .success(nil) }
        defer { g_object_unref(gpointer(value)) }
        return .success(ScriptValues.foundation(value))
    }

    private static func isMainFrame(_ frame: WKFrameInfo?) -> Bool { frame?.isMainFrame ?? true }

    /// WebKitGTK runs the app's scripts in the main frame only.
    private static var subFrameError: NSError {
        NSError(
            domain: "WKErrorDomain", code: 1,
            userInfo: [
                NSLocalizedDescriptionKey: "The WebKitGTK emulation of WebKit runs scripts in the main frame only"
            ])
    }

    private struct ResultBox: @unchecked Sendable {  // handed from the main actor to the main actor
        let value: Any?
    }
}
#endif
