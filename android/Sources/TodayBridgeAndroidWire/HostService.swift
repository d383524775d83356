@_spi(Adapters) import TodayBridge

/// What the core asks of the Kotlin host, by the name `NativeHost.service` receives. Arguments
/// and results are JSON, as UTF-8; each shape is a type of this module, and the Kotlin glue's
/// constants and classes are generated from them (`today-bridge-generate`, `make generate`, X6).
public enum HostService: String, Sendable, CaseIterable, Codable {
    /// The current token: no arguments; answers a ``HostToken`` or `null` when logged out.
    case currentToken
    /// A fresh token from upstream: no arguments; answers a ``HostToken``, or fails.
    case refreshToken
    /// The logged-in user's id: no arguments; answers a string or `null`.
    case userID
    /// `track` events after validation and enrichment: ``RecordEventsArguments``; answers once they are safe.
    case recordEvents
    /// One of the app's own capabilities: ``CapabilityCallArguments``; answers the result, or
    /// fails with a ``HostFailure``.
    case capability
    /// A script for the main frame: ``EvaluateJavascriptArguments``, for `evaluateJavascript` on the UI thread.
    case evaluateJavascript
    /// The session cookie: ``SetCookieArguments`` for `CookieManager.setCookie(url, value, callback)`.
    case setCookie
    /// A diagnostic of the core (``HostDiagnostic``), told to the app; not answered (call id 0).
    case diagnostic
    /// A page opened one of the app's streams (ST1): ``StreamCallArguments``; not answered (call
    /// id 0). The host produces its values with `NativeBridge.streamSend`, and ends it with
    /// `streamFinish` or `streamFail`.
    case stream
    /// A stream ended (ST5): ``StreamEndedArguments``; not answered (call id 0). Told once per
    /// stream, whichever side ended it; `cancelled` when the host's side did (the page cancelled,
    /// the deadline passed, its document went away), so the producer stops.
    case streamEnded
}

/// A token as the host gives it.
public struct HostToken: Codable, Sendable {
    public var value: String
    public var scheme: String?

    public init(value: String, scheme: String?) {
        self.value = value
        self.scheme = scheme
    }
}

/// ``HostService/recordEvents``' arguments: the events, in order.
public struct RecordEventsArguments: Codable, Sendable {
    public var events: [AnalyticsEvent]

    public init(events: [AnalyticsEvent]) {
        self.events = events
    }

    /// The arguments' JSON as the encoder would make them, written straight from the events (see
    /// ``AnalyticsEvent/writeJSON(to:)``): a batch is as long as the page was busy.
    public var jsonUTF8: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(16 + events.count * 320)
        output.append(contentsOf: #"{"events":["#.utf8)
        for (index, event) in events.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            event.writeJSON(to: &output)
        }
        output.append(contentsOf: "]}".utf8)
        return output
    }
}

/// ``HostService/capability``'s arguments: the call and what the engine said about its sender (C8).
public struct CapabilityCallArguments: Codable, Sendable {
    public var type: String
    public var request: JSONValue?
    public var isMainFrame: Bool
    /// The sending frame's origin; `nil` when opaque or unknown.
    public var origin: String?
    /// The trusted surface the sender's page is on, or `nil`.
    public var surface: String?

    public init(type: String, request: JSONValue?, isMainFrame: Bool, origin: String?, surface: String?) {
        self.type = type
        self.request = request
        self.isMainFrame = isMainFrame
        self.origin = origin
        self.surface = surface
    }
}

/// ``HostService/stream``'s arguments: the stream's handle, for `NativeBridge.streamSend`,
/// `streamFinish` and `streamFail`, and the call that opened it, with its sender's facts (C8).
public struct StreamCallArguments: Codable, Sendable {
    public var stream: Int64
    public var call: CapabilityCallArguments

    public init(stream: Int64, call: CapabilityCallArguments) {
        self.stream = stream
        self.call = call
    }
}

/// ``HostService/streamEnded``'s arguments: which stream, and whether the host's side ended it
/// (the page cancelled it, its deadline passed, its document went away) before the producer did.
public struct StreamEndedArguments: Codable, Sendable {
    public var stream: Int64
    public var cancelled: Bool

    public init(stream: Int64, cancelled: Bool) {
        self.stream = stream
        self.cancelled = cancelled
    }
}

/// How the host says a service failed: with the app's structured error (`TodayBridgeException`,
/// crossing as a ``BridgeError`` with its code, X2), or, with no code, a native failure whose text
/// never reaches the page.
public struct HostFailure: Codable, Sendable {
    public var code: String?
    public var message: String
    public var recoverable: Bool?

    public init(code: String?, message: String, recoverable: Bool?) {
        self.code = code
        self.message = message
        self.recoverable = recoverable
    }
}

/// ``HostService/evaluateJavascript``'s arguments.
public struct EvaluateJavascriptArguments: Codable, Sendable {
    public var script: String

    public init(script: String) {
        self.script = script
    }
}

/// ``HostService/setCookie``'s arguments: the value in `Set-Cookie` form.
public struct SetCookieArguments: Codable, Sendable {
    public var url: String
    public var value: String

    public init(url: String, value: String) {
        self.url = url
        self.value = value
    }
}

/// ``HostService/diagnostic``'s arguments: a ``BridgeDiagnostic``.
public struct HostDiagnostic: Codable, Sendable {
    public var code: String
    public var message: String
    public var type: String?

    public init(_ diagnostic: BridgeDiagnostic) {
        code = diagnostic.code.rawValue
        message = diagnostic.message
        type = diagnostic.type
    }
}

/// The outcome of a native call (X4) as `NativeHost.reply` receives it: the page's value (absent
/// for `undefined`), or why it failed.
public struct NativeCallOutcome: Codable, Sendable {
    public var value: JSONValue?
    public var error: String?
    public var code: String?

    public init(value: JSONValue?, error: String?, code: String?) {
        self.value = value
        self.error = error
        self.code = code
    }
}
