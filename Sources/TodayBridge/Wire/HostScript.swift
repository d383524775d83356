/// A script every adapter injects into its pages, with the configuration it runs with: the seam
/// between an adapter and the page scripts (<doc:WritingAnAdapter>).
///
/// Each script's source is TypeScript in `web/host/`, unit-tested on Node and built with the
/// web SDK, then embedded here by the generator (`make generate`): an adapter never writes page
/// JavaScript by hand. The source is one function expression taking a configuration object,
/// whose TypeScript type is generated from `Configuration`, so both sides read the same fields.
///
/// | Script | Inject it | Configuration |
/// |---|---|---|
/// | ``platformTag`` | top frame, page world, document start (C7) | ``PlatformTagConfiguration`` |
/// | ``androidShim`` | every frame, document start, on string-only engines (A1) | ``AndroidShimConfiguration`` |
/// | ``documentMarker`` | main frame, an isolated world, document start, where the engine reports no commit: `null` for a new document, `'restored'` for one back from the back-forward cache (S4) | ``DocumentMarkerConfiguration`` |
/// | ``pageEvent`` | main frame, to deliver (``PageDelivery/script`` runs it for you) | ``PageEventConfiguration`` |
///
/// ```swift
/// let platformTag = HostScript.platformTag.invocation(PlatformTagConfiguration(platform: .linux))
/// engine.addUserScript(platformTag, frames: .topFrame, time: .documentStart)
/// ```
///
/// An Android-style engine installs ``AndroidInstallation``'s script instead, which is the platform
/// tag and the shim together.
public struct HostScript<Configuration: Codable & Sendable>: Sendable {
    /// The function expression, as the web build emitted it.
    package let source: String

    @_spi(Adapters) public init(source: String) {
        self.source = source
    }

    /// The script that runs this one with `configuration`, ready to inject or evaluate.
    ///
    /// ```swift
    /// let marker = HostScript.documentMarker.invocation(DocumentMarkerConfiguration(handlerName: "todayWebViewBridgeDocument"))
    /// ```
    ///
    /// - Parameters:
    ///   - configuration: What the script reads; its JSON text is the script's argument.
    ///   - escaping: Applied to the configuration's JSON text, for example to make it safe inside
    ///     an HTML `<script>` element.
    public func invocation(_ configuration: Configuration, escaping: (String) -> String = { $0 }) -> String {
        "(" + source + ")(" + escaping(Self.json(configuration)) + ");"
    }

    private static func json(_ configuration: Configuration) -> String {
        // Configurations hold strings, numbers and JSON values only: encoding cannot fail.
        ((try? JSONValueEncoder().encode(configuration)) ?? .null).jsonString
    }
}
