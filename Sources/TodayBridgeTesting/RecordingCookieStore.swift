import TodayBridge

/// A cookie store that keeps every cookie minted into it.
public final class RecordingCookieStore: BridgeCookieStore {
    private let stored = Locked<[BridgeCookie]>([])
    private let failure: (any Error)?

    /// Creates a store; with `failing`, every `setCookie` throws it.
    public init(failing failure: (any Error)? = nil) {
        self.failure = failure
    }

    public func setCookie(_ cookie: BridgeCookie) async throws {
        if let failure { throw failure }
        stored.withLock { $0.append(cookie) }
    }

    /// Every cookie minted so far.
    public var cookies: [BridgeCookie] {
        stored.withLock { $0 }
    }
}
