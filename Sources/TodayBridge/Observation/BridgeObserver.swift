import Logging

/// Publishes traces and diagnostics, and logs diagnostics.
package final class BridgeObserver: Sendable {
    package let traces = Broadcast<BridgeTrace>()
    package let diagnostics = Broadcast<BridgeDiagnostic>()
    private let logger: Logger

    package init(logger: Logger) {
        self.logger = logger
    }

    /// Reports a diagnostic to subscribers and the log.
    package func report(_ code: BridgeDiagnostic.Code, _ message: String, type: String? = nil) {
        let diagnostic = BridgeDiagnostic(code, message, type: type)
        logger.notice("\(diagnostic.description)")
        diagnostics.publish(diagnostic)
    }
}
