@_spi(Adapters) import TodayBridge
@_spi(Tools) import TodayBridgeTypeScript

/// The wire protocol as TypeScript: its constants and the shapes of what crosses it, rendered
/// from the Swift definitions so both sides compile against one definition (X6): the web SDK's
/// `protocol.generated.ts`, and with ``declarations(_:)`` the files declaring other Swift types
/// (the host scripts' configurations, the inspector's recording).
package enum WireContract {
    /// The wire types the web SDK reads and writes, in the order they are declared.
    static let shapes: [Declaration] = [
        Declaration(NativeEventDelivery.self, "A native event (X3)."),
        Declaration(NativeCallDelivery.self, "A native call; the page answers with a `NativeCallReply` (X4)."),
        Declaration(SubscribeMessage.self, "Subscribes to a native event; resolves with the events kept for it (X3)."),
        Declaration(
            NativeCallReply.self,
            "The page's answer to a native call: a value (absent for `undefined`), an error, or `unhandled` (X4)."),
        Declaration(
            HelloMessage.self,
            "Asks what the host offers the sending frame, with the newest protocol the page speaks (D1, D2)."),
        Declaration(HelloReply.self, "What the host offers the frame that asked, in the protocol both speak (D1, D2)."),
        Declaration(
            StringTransportRequest.self,
            "A request on a string-only channel; without an id, a notification that gets no reply; with `length` instead of `message`, too long to carry (A1, X7)."
        ),
        Declaration(
            StringTransportReply.self, "The one reply to a request: `value` (absent for `undefined`) or `error` (A1)."),
        Declaration(WireError.self, "The JSON after `ERROR_PREFIX` in a structured rejection (X2)."),
        Declaration(
            StreamOpened.self,
            "How the host answers the message that starts a stream: its id and the values it sends ahead of acknowledgements (ST1, ST3)."
        ),
        Declaration(StreamAckMessage.self, "The page consumed `count` more values of a stream (ST3)."),
        Declaration(StreamCancelMessage.self, "The page ends a stream; the host tells it nothing more of it (ST4)."),
        Declaration(
            StreamValuesDelivery.self,
            "A stream's next values, in order, the first numbered `seq`, counting from 0 (ST2)."),
        Declaration(
            StreamEndDelivery.self, "A stream's one end: finished, failed or timed out, with the error (ST5)."),
    ]

    /// Every constant, in the order the generated TypeScript lists them.
    static let constants: [Constant] = [
        Constant(
            typeScriptName: "VERSION", value: TodayBridge.version,
            summary: "The release of the bridge this SDK belongs to; the package's version."),
        Constant(
            typeScriptName: "PROTOCOL_VERSION", number: WireProtocol.protocolVersion,
            summary: "The newest protocol this SDK speaks; the host and the page use the older of their two (D2)."),
        Constant(
            typeScriptName: "DEFAULT_CHANNEL_NAME", value: WireProtocol.defaultChannelName,
            summary: "The channel's default name (C1)."),
        Constant(
            typeScriptName: "PLATFORM_TAG_GLOBAL", value: WireProtocol.platformTagGlobal,
            summary:
                "The global the platform tag is defined as in the main frame: `window.__todayWebView = { platform }` (C7)."
        ),
        Constant(
            typeScriptName: "DELIVERY_RECEIVER_GLOBAL", value: WireProtocol.deliveryReceiverGlobal,
            summary:
                "The main frame's `(name, detail)` function, defined at document start with the platform tag, through which the host's deliveries are dispatched (X3, X4, A1)."
        ),
        Constant(
            typeScriptName: "NATIVE_EVENT", value: WireProtocol.nativeEvent,
            summary: "The DOM event on `window` that carries native events and calls (X3, X4)."),
        Constant(
            typeScriptName: "STRING_REPLY_EVENT", value: WireProtocol.stringReplyEvent,
            summary: "The DOM event that carries string-transport replies in the main frame (A1)."),
        Constant(
            typeScriptName: "ERROR_PREFIX", value: WireProtocol.errorPrefix,
            summary: "The prefix of a structured rejection reason (X2)."),
        Constant(
            typeScriptName: "SUBSCRIBE_TYPE", value: WireProtocol.subscribeType,
            summary: "The type of the message that subscribes to a native event (X3)."),
        Constant(
            typeScriptName: "REPLY_TYPE", value: WireProtocol.replyType,
            summary: "The type of the message that answers a native call (X4)."),
        Constant(
            typeScriptName: "HELLO_TYPE", value: WireProtocol.helloType,
            summary: "The type of the message that asks what the host offers the sending frame (D1)."),
        Constant(
            typeScriptName: "STREAM_FIELD", value: WireProtocol.streamField,
            summary:
                "The field that makes a capability's message the start of a stream, holding the id the page gave it (ST1)."
        ),
        Constant(
            typeScriptName: "STREAM_ACK_TYPE", value: WireProtocol.streamAckType,
            summary: "The type of the message that acknowledges values the page consumed from a stream (ST3)."),
        Constant(
            typeScriptName: "STREAM_CANCEL_TYPE", value: WireProtocol.streamCancelType,
            summary: "The type of the message that cancels a stream from the page (ST4)."),
        Constant(
            typeScriptName: "BYTES_MEMBER", value: WireProtocol.bytesMember,
            summary:
                "The one member of the object that stands for bytes in a message's text: their base64, or their attachment's index (B1)."
        ),
    ]

    /// A Swift type declared as a TypeScript interface of the same name.
    @_spi(Tools) public struct Declaration: Sendable {
        let name: String
        let shape: TypeShape
        let summary: String

        @_spi(Tools) public init(_ type: any Codable.Type, _ summary: String) {
            name = "\(type)"
            shape = ShapeReader.shape(of: type)
            self.summary = summary
        }
    }

    /// `web/src/protocol.generated.ts`: the built-in capabilities, error codes and events, and the
    /// wire protocol.
    package static func sdkProtocol() -> String {
        header
            + BridgeContract.builtIn.declarations(
                capabilityMap: "BuiltInCapabilities", eventMap: "BuiltInEvents", nativeCallMap: nil,
                includeErrorCodes: true)
            + "\n" + constantDeclarations() + "\n" + interfaces(shapes)
            + "\n/** What the host dispatches on `window`: a native event or call, a stream's value or end. */\n"
            + "export type NativeDelivery = NativeEventDelivery | NativeCallDelivery | StreamValuesDelivery | StreamEndDelivery;\n"
    }

    /// A file declaring `types` as exported interfaces named like the Swift types.
    package static func declarations(_ declarations: [Declaration]) -> String {
        header + interfaces(declarations)
    }

    /// The first line of a generated TypeScript file, and the blank line after it.
    package static let header =
        "// Generated by `today-bridge-generate` from the Swift definitions. Do not edit: run `make generate`.\n\n"

    private static func constantDeclarations() -> String {
        constants.map {
            "/** \($0.summary) */\nexport const \($0.typeScriptName) = \($0.literal);\n"
        }.joined(separator: "\n")
    }

    private static func interfaces(_ declarations: [Declaration]) -> String {
        declarations.map { declaration in
            guard case .object(let fields) = declaration.shape else {
                preconditionFailure("\(declaration.name) is not an object shape")
            }
            return TypeScriptRenderer.interface(named: declaration.name, fields: fields, doc: declaration.summary)
        }.joined(separator: "\n")
    }
}
