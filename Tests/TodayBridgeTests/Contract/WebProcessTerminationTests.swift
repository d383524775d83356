import Foundation
import Testing
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting

/// The web content process dies with calls in flight: everything settles at once, the app is told,
/// and the reloaded page starts afresh with nothing of the old process in it.
@Suite("C5 S4 the web content process dies")
struct WebProcessTerminationTests {
    @Test("C5 a web process crash settles every pending page and native call at once, with their defaults")
    func c5CrashSettlesEverything() async throws {
        let host = Fixtures.trustedHost()
        try host.bridge.register("hang", access: .anyFrame) { (_: Empty, _) in try await hangUntilCancelled() }
        host.tokens.hold()
        async let first = host.send(["type": "hang"])
        async let second = host.send(["type": "hang"])
        async let session = host.send(["type": "establishSession", "refresh": true])
        let native = Task { try await host.connection.call("confirmLeave", default: true) }
        #expect(await Fixtures.waitUntil { host.connection.pendingCallCount == 4 && host.tokens.heldCount == 1 })

        host.connection.webProcessDidTerminate(.crashed)

        #expect(host.connection.pendingCallCount == 0)
        #expect(await first.error?.code == "cancelled")
        #expect(await second.error?.code == "cancelled")
        #expect(await session == .value(["ok": false]))
        await #expect(throws: BridgeError.self) { try await native.value }
        host.tokens.release()
        #expect(host.webView.cookies.isEmpty)
        try await host.finish()
    }

    @Test("C5 a web process crash is reported once: a diagnostic, then the app's handler, after every call settled")
    func c5CrashIsReported() async throws {
        let host = Fixtures.trustedHost()
        try host.bridge.register("hang", access: .anyFrame) { (_: Empty, _) in try await hangUntilCancelled() }
        let handled = Locked<[(WebProcessTermination, pending: Int)]>([])
        host.connection.onWebProcessTermination { [connection = host.connection] reason in
            handled.withLock { $0.append((reason, connection.pendingCallCount)) }
        }
        async let pending = host.send(["type": "hang"])
        #expect(await Fixtures.waitUntil { host.connection.pendingCallCount == 1 })
        let seen = await Fixtures.collect(host.bridge.diagnostics()) { host.connection.webProcessDidTerminate(.killed) }
        _ = await pending
        #expect(
            seen.filter { $0.code == .webProcessTerminated }.map(\.message) == [
                "the web content process ended (killed) with 1 calls pending"
            ])
        let calls = handled.withLock { $0 }
        #expect(calls.count == 1 && calls.first?.0 == .killed && calls.first?.pending == 0)
        try await host.finish()
    }

    @Test(
        "C5 X3 a closed connection accepts nothing: a crash, a navigation or a restore after close is ignored, and the page cannot subscribe"
    )
    func c5ClosedAcceptsNothing() async throws {
        let host = Fixtures.trustedHost()
        let handled = Locked(0)
        host.connection.onWebProcessTermination { _ in handled.withLock { $0 += 1 } }
        let last = host.connection.currentDocument
        host.connection.close()
        let seen = await Fixtures.collect(host.bridge.diagnostics()) {
            #expect(host.connection.webProcessDidTerminate(.crashed) == last)
            #expect(host.connection.documentDidChange() == last)
            #expect(host.connection.documentWasRestored() == last)
        }
        #expect(seen.isEmpty)
        #expect(handled.withLock { $0 } == 0)
        #expect(host.connection.currentDocument == last)
        #expect(
            await host.send(["type": "__today.subscribe", "event": .string(NativeEvent<NoResult>.ready.name)])
                == .undefined)
        #expect(host.connection.pendingCallCount == 0)
    }

    @Test(
        "S4 after a crash and reload nothing of the old process reaches the new document, and every capability works again"
    )
    func s4NothingLeaksAcrossCrash() async throws {
        let host = Fixtures.trustedHost()
        let old = host.connection.currentDocument
        let native = Task { try await host.connection.call("confirmLeave", default: true) }
        #expect(await Fixtures.waitUntil { host.deliveries.count == 1 })
        let oldCallID = try #require(host.deliveries[0]["id"]?.stringValue)
        await host.connection.emit("cart.changed", data: ["count": 1])  // buffered: the old page never subscribed
        host.tokens.hold()
        async let session = host.send(["type": "establishSession", "refresh": true])
        #expect(await Fixtures.waitUntil { host.tokens.heldCount == 1 })

        let crashed = host.connection.webProcessDidTerminate(.crashed)
        #expect(crashed != old)
        await #expect(throws: BridgeError.self) { try await native.value }
        #expect(await session == .value(["ok": false]))
        // The refresh the dead document started finishes before the reload: no cookie is minted for it.
        host.tokens.release()
        #expect(await Fixtures.waitUntil { host.tokens.refreshCount == 1 })
        for _ in 0..<100 { await Task.yield() }
        #expect(host.webView.cookies.isEmpty)
        let reloaded = host.load(Fixtures.trustedPage)
        #expect(reloaded != crashed)

        // The old call's answer, arriving late, settles nothing; the old backlog is gone.
        let diagnostics = host.bridge.diagnostics()
        let seen = await Fixtures.collect(diagnostics) { _ = await host.answerCall(oldCallID, value: false) }
        #expect(seen.map(\.code) == [.duplicateReply])
        #expect(await host.send(["type": "__today.subscribe", "event": "cart.changed"]) == .value([]))
        #expect(
            await host.send(["type": "__today.subscribe", "event": .string(NativeEvent<NoResult>.ready.name)])
                == .value([.null]))

        // Every capability of the new document works.
        #expect(
            await host.send(["type": "headers"]).value?["Authorization"]?.stringValue?.hasPrefix("Bearer token-")
                == true)
        #expect(await host.send(["type": "refreshToken"]).value?["authorization"] != nil)
        #expect(await host.send(["type": "establishSession"]) == .value(["ok": true]))
        async let answered = host.connection.call("confirmLeave", default: true)
        #expect(await Fixtures.waitUntil { host.deliveries.count == 2 })
        _ = await host.answerCall(host.deliveries[1]["id"]!.stringValue!, value: false)
        #expect(try await answered == false)
        try await host.finish()
    }
}
