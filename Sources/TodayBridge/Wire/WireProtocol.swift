/// The names both sides of the bridge agree on. They are defined here once; `today-bridge
/// contract` writes them into the web SDK's `protocol.generated.ts`, and `make test` fails when
/// the two drift apart (X6).
package enum WireProtocol {
    /// One constant of the wire protocol, with the TypeScript name it is generated under.
    package struct Constant: Sendable {
        package let typeScriptName: String
        /// The value as a TypeScript literal.
        package let literal: String
        package let summary: String

        init(typeScriptName: String, value: String, summary: String) {
            self.init(typeScriptName: typeScriptName, literal: TypeScriptRenderer.literal(value), summary: summary)
        }

        init(typeScriptName: String, number: Int, summary: String) {
            self.init(typeScriptName: typeScriptName, literal: String(number), summary: summary)
        }

        private init(typeScriptName: String, literal: String, summary: String) {
            self.typeScriptName = typeScriptName
            self.literal = literal
            self.summary = summary
        }
    }

    /// The protocol this host and SDK speak (D2). 1: the channel, the capabilities, events and
    /// native calls; 2: adds discovery (`__today.hello`).
    package static let protocolVersion = 2

    /// The channel's default name (C1).
    package static let defaultChannelName = BridgeConfiguration.defaultChannelName
    /// The global the platform tag is defined as in the main frame (C7).
    package static let platformTagGlobal = "__todayWebView"
    /// The DOM event on the main frame's `window` that carries native events and calls (X3, X4).
    package static let nativeEvent = "todaywebviewbridge"
    /// The DOM event that carries string-transport replies to the Android shim on hosts that can
    /// only run script in the main frame (A1).
    package static let stringReplyEvent = "todaywebviewbridge:reply"
    /// The prefix of a structured rejection reason (X2).
    package static let errorPrefix = "TodayBridgeError:"
    /// The prefix of the bridge's own message types; an app's capabilities, events and native calls
    /// cannot use it (X1, X3, X4).
    package static let reservedPrefix = "__"
    /// The prefix of the host's own events, such as `host.ready` (X3); an app's events and native
    /// calls cannot use it.
    package static let hostPrefix = "host."
    /// The type of the message that subscribes to a native event (X3).
    package static let subscribeType = "__today.subscribe"
    /// The type of the message that answers a native call (X4).
    package static let replyType = "__today.reply"
    /// The type of the message that asks what the host offers the sending frame (D1).
    package static let helloType = "__today.hello"

    /// Every constant, in the order the generated TypeScript lists them.
    package static let constants: [Constant] = [
        Constant(typeScriptName: "VERSION", value: TodayBridge.version, summary: "The release of the bridge this SDK belongs to; the package's version."),
        Constant(typeScriptName: "PROTOCOL_VERSION", number: protocolVersion, summary: "The newest protocol this SDK speaks; the host and the page use the older of their two (D2)."),
        Constant(typeScriptName: "DEFAULT_CHANNEL_NAME", value: defaultChannelName, summary: "The channel's default name (C1)."),
        Constant(typeScriptName: "PLATFORM_TAG_GLOBAL", value: platformTagGlobal, summary: "The global the platform tag is defined as in the main frame: `window.__todayWebView = { platform }` (C7)."),
        Constant(typeScriptName: "NATIVE_EVENT", value: nativeEvent, summary: "The DOM event on `window` that carries native events and calls (X3, X4)."),
        Constant(typeScriptName: "STRING_REPLY_EVENT", value: stringReplyEvent, summary: "The DOM event that carries string-transport replies in the main frame (A1)."),
        Constant(typeScriptName: "ERROR_PREFIX", value: errorPrefix, summary: "The prefix of a structured rejection reason (X2)."),
        Constant(typeScriptName: "SUBSCRIBE_TYPE", value: subscribeType, summary: "The type of the message that subscribes to a native event (X3)."),
        Constant(typeScriptName: "REPLY_TYPE", value: replyType, summary: "The type of the message that answers a native call (X4)."),
        Constant(typeScriptName: "HELLO_TYPE", value: helloType, summary: "The type of the message that asks what the host offers the sending frame (D1)."),
    ]
}
