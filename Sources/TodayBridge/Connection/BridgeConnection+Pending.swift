extension BridgeConnection {
    /// The calls not yet settled, oldest first: each page call's `type` and each native call's id
    /// as the page receives it. What a test host reports when a test ends with work left.
    package var pendingCalls: (page: [String], native: [String]) {
        state.withLock { state in
            (
                state.pageCalls.sorted { $0.key < $1.key }.map(\.value.work.type),
                state.nativeCalls.keys.sorted().map { String($0) }
            )
        }
    }
}
