/// What an adapter built outside this package needs of the bridge beyond its public API
/// (`@_spi(Adapters)`: the Android library's JNI core forwards diagnostics to Kotlin as they come).
extension TodayBridge {
    /// Calls `receive` with each diagnostic as it is reported, on the reporting task, until
    /// ``stopListeningToDiagnostics(_:)`` with the returned id: unlike ``diagnostics()``, no
    /// diagnostic waits for a reader.
    @_spi(Adapters) public func listenToDiagnostics(_ receive: @escaping @Sendable (BridgeDiagnostic) -> Void) -> Int {
        observer.diagnostics.listen(receive)
    }

    /// Stops the listener `id` returned by ``listenToDiagnostics(_:)``.
    @_spi(Adapters) public func stopListeningToDiagnostics(_ id: Int) {
        observer.diagnostics.stopListening(id)
    }
}
