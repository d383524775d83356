/// A script a host injects into pages. Its source is TypeScript in `web/src/host/`, compiled with
/// the web SDK and embedded into Swift by `web/scripts/host-scripts.mjs`: never retyped here.
///
/// The embedded source is one function expression taking a configuration object, whose type
/// the web side compiles against (`web/src/host/configurations.generated.ts`, rendered from
/// `Configuration` by `today-bridge contract --host-configurations`).
package struct HostScript<Configuration: Codable & Sendable>: Sendable {
    /// The function expression, as the web build emitted it.
    package let source: String

    package init(source: String) {
        self.source = source
    }

    /// The script that runs this one with `configuration`.
    ///
    /// - Parameter escaping: Applied to the configuration's JSON text, for example to make it safe
    ///   inside an HTML `<script>` element.
    package func invocation(_ configuration: Configuration, escaping: (String) -> String = { $0 }) -> String {
        "(" + source + ")(" + escaping(Self.json(configuration)) + ");"
    }

    /// A function body that runs this script with its argument named `configuration`, for
    /// engines that pass arguments natively (WebKit's `callAsyncJavaScript`).
    package var functionBody: String {
        "return (" + source + ")(configuration);"
    }

    private static func json(_ configuration: Configuration) -> String {
        // Configurations hold strings, numbers and JSON values only: encoding cannot fail.
        ((try? JSONValueEncoder().encode(configuration)) ?? .null).jsonString
    }
}
