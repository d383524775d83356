#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Something the core delivers to the page's main frame, through ``BridgeWebView/deliver(_:)``.
///
/// Each is a DOM event on the main frame's `window` that the web SDK (or the Android shim)
/// listens for; ``script`` is its default rendering.
public enum PageDelivery: Sendable, Hashable {
    /// A native event for the page's subscribers (X3).
    case event(name: String, data: JSONValue?)
    /// A native call for the page's handler `name`; the page answers with the same `id` (X4).
    case call(id: String, name: String, arguments: JSONValue?)
    /// Values of the page's stream `stream`, in order, the first numbered `seq` (from 0) (ST2).
    case streamValues(stream: String, seq: Int, values: [JSONValue])
    /// The one end of the page's stream `stream` the page is told of (ST5): `error` for `failed`
    /// and `timeout`.
    case streamEnd(stream: String, end: StreamEnd, error: BridgeError?)
    /// A string-transport reply, for hosts that can only reach the main frame with script (A1).
    case stringTransportReply(String)

    /// The DOM event's name.
    public var eventName: String {
        switch self {
        case .event, .call, .streamValues, .streamEnd: WireProtocol.nativeEvent
        case .stringTransportReply: WireProtocol.stringReplyEvent
        }
    }

    /// The DOM event's `detail`.
    public var detail: JSONValue {
        switch self {
        case .event(let name, let data): NativeDelivery.event(NativeEventDelivery(name: name, data: data)).detail
        case .call(let id, let name, let arguments):
            NativeDelivery.call(NativeCallDelivery(id: id, name: name, args: arguments)).detail
        case .streamValues(let stream, let seq, let values):
            NativeDelivery.streamValues(StreamValuesDelivery(stream: stream, seq: seq, values: values)).detail
        case .streamEnd(let stream, let end, let error):
            NativeDelivery.streamEnd(
                StreamEndDelivery(
                    stream: stream, end: end.wire,
                    error: error.map {
                        WireError(code: $0.code.rawValue, message: $0.message, recoverable: $0.recoverable)
                    }
                )
            ).detail
        case .stringTransportReply(let reply): .string(reply)
        }
    }

    /// A script that dispatches the event in the page world it runs in.
    public var script: String {
        HostScript.pageEvent.invocation(configuration)
    }

    /// A function body that dispatches the event given as its one argument, the string
    /// ``functionArguments`` names, for engines that pass arguments natively (WebKit's
    /// `callAsyncJavaScript`).
    ///
    /// The data crosses as text, which the page parses with the `JSON` taken at document start:
    /// WebKit builds an object argument in the page's world with ordinary assignments, where
    /// setters a page put on `Object.prototype` or `Array.prototype` run and an own `__proto__` key
    /// replaces the prototype (`JavaScriptEvaluationResult::toJS`).
    public static var functionBody: String {
        "return (" + HostScript<PageEventConfiguration>.pageEvent.source + ")({ event: " + argumentName + " });"
    }

    /// The arguments ``functionBody`` expects: one string, the event's JSON text
    /// (``PageEventConfiguration/event``).
    public var functionArguments: [String: String] {
        [Self.argumentName: configuration.event]
    }

    private static let argumentName = "event"

    /// The event's JSON text for an engine that carries bytes beside it (B2): ``PageEventConfiguration/event``
    /// with each byte value written as the index of its attachment (`{"__today.bytes": n}`), and
    /// the attachments in that order. WebKitGTK's web process extension hands both to the page's
    /// delivery receiver, which makes each attachment a new `Uint8Array`.
    @_spi(Adapters) public var eventTextAttachingBytes: (text: [UInt8], attachments: [Data]) {
        JSONValue.object(["name": .string(eventName), "detail": detail]).jsonUTF8AttachingBytes
    }

    package var configuration: PageEventConfiguration {
        PageEventConfiguration(name: eventName, detail: detail)
    }
}
