/// Something the core delivers to the page's main frame, through ``BridgeWebView/deliver(_:)``.
///
/// Each is a DOM event on the main frame's `window` that the web SDK (or the Android shim)
/// listens for; ``script`` is its default rendering.
public enum PageDelivery: Sendable, Hashable {
    /// A native event for the page's subscribers (X3).
    case event(name: String, data: JSONValue?)
    /// A native call for the page's handler `name`; the page answers with the same `id` (X4).
    case call(id: String, name: String, arguments: JSONValue?)
    /// A string-transport reply, for hosts that can only reach the main frame with script (A1).
    case stringTransportReply(String)

    /// The DOM event's name.
    public var eventName: String {
        switch self {
        case .event, .call: WireProtocol.nativeEvent
        case .stringTransportReply: WireProtocol.stringReplyEvent
        }
    }

    /// The DOM event's `detail`.
    public var detail: JSONValue {
        switch self {
        case .event(let name, let data): NativeDelivery.event(NativeEventDelivery(name: name, data: data)).detail
        case .call(let id, let name, let arguments): NativeDelivery.call(NativeCallDelivery(id: id, name: name, args: arguments)).detail
        case .stringTransportReply(let reply): .string(reply)
        }
    }

    /// A script that dispatches the event in the page world it runs in.
    public var script: String {
        HostScript.pageEvent.invocation(configuration)
    }

    /// A function body that dispatches the event given as its argument `configuration`
    /// (``functionArgument``), for engines that pass arguments natively (`callAsyncJavaScript`).
    public static var functionBody: String {
        HostScript<PageEventConfiguration>.pageEvent.functionBody
    }

    /// The argument ``functionBody`` expects: `{ name, detail }`.
    public var functionArgument: JSONValue {
        // Strings and JSON values only: encoding cannot fail.
        (try? JSONValueEncoder().encode(configuration)) ?? .null
    }

    package var configuration: PageEventConfiguration {
        PageEventConfiguration(name: eventName, detail: detail)
    }
}
