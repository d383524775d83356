@_spi(Adapters) import TodayBridge

extension BridgeTestHost {
    /// What a test left pending when it finished its host: calls no one answered.
    ///
    /// ``BridgeTestHost/finish()`` throws it when it is not empty; ``BridgeTestHost/leftovers``
    /// reads it without closing. Compare it whole to assert what a test leaves on purpose:
    ///
    /// ```swift
    /// await #expect(throws: BridgeTestHost.Leftovers(pageCalls: ["slow"])) { try await host.finish() }
    /// ```
    public struct Leftovers: Error, Sendable, Hashable, CustomStringConvertible {
        /// The `type` of each page call the bridge has not answered yet, oldest first: its
        /// capability still runs, or waits for a deadline that has not passed.
        public var pageCalls: [String]
        /// The name of each native call the app awaits and the page has not answered, oldest first;
        /// a call whose delivery has not reached the web view yet is named `<name> (not delivered)`.
        public var nativeCalls: [String]
        /// The `type` of each stream still open (ST5): its sequence still runs, or waits for the
        /// page's acknowledgement or for a deadline that has not passed.
        public var streams: [String]

        /// Creates a report; empty by default.
        public init(pageCalls: [String] = [], nativeCalls: [String] = [], streams: [String] = []) {
            self.pageCalls = pageCalls
            self.nativeCalls = nativeCalls
            self.streams = streams
        }

        /// Whether nothing is left.
        public var isEmpty: Bool { pageCalls.isEmpty && nativeCalls.isEmpty && streams.isEmpty }

        public var description: String {
            if isEmpty { return "nothing left pending" }
            let parts = [
                pageCalls.isEmpty ? nil : "page calls not answered: \(pageCalls.joined(separator: ", "))",
                nativeCalls.isEmpty
                    ? nil : "native calls the page has not answered: \(nativeCalls.joined(separator: ", "))",
                streams.isEmpty ? nil : "streams not ended: \(streams.joined(separator: ", "))",
            ]
            return "the test host finished with work left pending; " + parts.compactMap { $0 }.joined(separator: "; ")
        }
    }

    /// What is pending now, once the host's work ran as far as it can without time passing.
    ///
    /// Does not close the host: a test can look, answer, and look again.
    public var leftovers: Leftovers {
        get async {
            await settle()
            let (page, native) = connection.pendingCalls
            var names: [String: String] = [:]
            for case .call(let id, let name, _) in webView.deliveries { names[id] = name }
            return Leftovers(
                pageCalls: page, nativeCalls: native.map { id in names[id] ?? "#\(id) (not delivered)" },
                streams: connection.openStreams)
        }
    }

    /// Ends the test's session with the host: lets its work run, closes the connection, and throws
    /// what was left pending.
    ///
    /// Call it last in every test that uses a host, as you would NIO's `EmbeddedChannel.finish()`:
    /// a capability that never answers, a page call the test forgot to await, or a native call
    /// the test never answered for the page fails the test with a ``Leftovers`` that lists them.
    /// Whatever was pending is settled as cancelled when the connection closes (C5), so no task
    /// of the test outlives it. Finishing again finds nothing.
    ///
    /// ```swift
    /// let host = BridgeTestHost()
    /// host.load("https://feed.example.com/home")
    /// #expect(await host.send(["type": "headers"]) == .undefined)
    /// try await host.finish()
    /// ```
    ///
    /// - Throws: ``Leftovers``, when a page call or a native call is still pending.
    public func finish() async throws(Leftovers) {
        let left = await leftovers
        connection.close()
        await settle()
        if !left.isEmpty { throw left }
    }
}
