@_spi(Adapters) import TodayBridge

/// What crosses between the Android library's Kotlin glue and its Swift core, besides the JNI
/// functions' own arguments: the services' names, the member that stands for bytes, and the JSON
/// shapes of the configuration, the installation, the services' arguments and answers, and a
/// native call's outcome. Defined here once; the generator (`make generate`) renders the Kotlin
/// the glue compiles against (`android/bridge/src/main/kotlin/today/bridge/Wire.generated.kt`) and
/// `make generate-check` fails when it drifts (X6).
public enum AndroidWire {
    /// A Swift type rendered as a Kotlin class of the same name.
    public struct Declaration {
        public let type: any Codable.Type
        public let summary: String
    }

    /// Every shape, in the order the generated Kotlin declares them; nested objects are named by
    /// the declaration whose shape they have.
    public static var shapes: [Declaration] {
        [
            Declaration(type: AndroidConfiguration.Surface.self, summary: "A trusted surface (S2)."),
            Declaration(type: AndroidConfiguration.Limits.self, summary: "The limits the app changes (X7, C5)."),
            Declaration(type: AndroidConfiguration.Capability.self, summary: "One of the app's capabilities (X1)."),
            Declaration(type: HostIdentity.self, summary: "The app's name and version (D1)."),
            Declaration(
                type: AndroidConfiguration.self,
                summary: "The bridge's configuration, as `NativeBridge.create` reads it."),
            Declaration(
                type: AndroidInstallation.self,
                summary: "What to install in each web view (A1, A2, C7), as `NativeBridge.installation` answers it."),
            Declaration(type: HostToken.self, summary: "A token, as `currentToken` and `refreshToken` answer it."),
            Declaration(type: AnalyticsEvent.self, summary: "A `track` event after validation and enrichment (T1)."),
            Declaration(type: RecordEventsArguments.self, summary: "`recordEvents`' arguments."),
            Declaration(
                type: CapabilityCallArguments.self,
                summary: "`capability`'s arguments: the call and its sender's facts (C8)."),
            Declaration(
                type: StreamCallArguments.self,
                summary: "`stream`'s arguments: the stream's handle and the call that opened it (ST1)."),
            Declaration(type: StreamEndedArguments.self, summary: "`streamEnded`'s arguments (ST4, ST5)."),
            Declaration(
                type: HostFailure.self,
                summary: "A service's failure: the app's structured error, or a native one (X2)."),
            Declaration(type: EvaluateJavascriptArguments.self, summary: "`evaluateJavascript`'s arguments."),
            Declaration(type: SetCookieArguments.self, summary: "`setCookie`'s arguments (T4)."),
            Declaration(type: HostDiagnostic.self, summary: "`diagnostic`'s arguments (X5)."),
            Declaration(type: NativeCallOutcome.self, summary: "A native call's outcome (X4)."),
        ]
    }

    /// String constants: each set's Kotlin object name, what it is, and its raw values.
    public static let constants: [(name: String, summary: String, values: [String])] = [
        (
            "HostServices", "The services' names, as `NativeHost.service` receives them.",
            HostService.allCases.map(\.rawValue)
        ),
        (
            "CapabilityAccesses", "The access levels of an app's capability (S1, S3).",
            CapabilityAccess.allCases.map(\.rawValue)
        ),
    ]

    /// String constants of the wire protocol (``WireProtocol``) the glue reads and writes in the
    /// page's own JSON, each under its own Kotlin name (the web SDK's), what it is, and its value.
    public static let namedConstants: [(name: String, summary: String, value: String)] = [
        (
            "BYTES_MEMBER",
            "The one member of the object that stands for bytes in a message's JSON text (B1, B2).",
            WireProtocol.bytesMember
        )
    ]
}
