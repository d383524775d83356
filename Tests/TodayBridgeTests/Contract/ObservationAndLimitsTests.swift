import Foundation
import Testing
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting

@Suite("X5, X7: observation and limits")
struct ObservationAndLimitsTests {
    @Test("X5 every message and its outcome is observable, and no credential appears in traces or diagnostics")
    func x5Traces() async throws {
        let host = Fixtures.trustedHost()
        let traces = host.bridge.traces()
        let diagnostics = host.bridge.diagnostics()
        var seenDiagnostics: [BridgeDiagnostic] = []
        let seen = await Fixtures.collect(traces) {
            seenDiagnostics = await Fixtures.collect(diagnostics) {
                _ = await host.send(["type": "headers"])
                _ = await host.send(["type": "headers"], from: .subFrame(origin: "https://ads.example"))
                _ = await host.send(["type": "nope"])
                _ = await host.send(.string("garbage"))
                _ = await host.send(json: "{")
                host.tokens.failRefreshes()
                _ = await host.send(["type": "refreshToken"])
                _ = await host.send(["type": "establishSession"])
            }
        }
        #expect(
            seen.map(\.outcome) == [.resolved, .denied, .unknownType, .malformed, .malformed, .rejected, .resolved])
        #expect(seen[0].type == "headers" && seen[0].isMainFrame && seen[0].surface == "feed")
        #expect(seen[0].origin == SecurityOrigin(string: "https://trusted.example.com"))
        #expect(seen[1].isMainFrame == false && seen[1].origin == SecurityOrigin(string: "https://ads.example"))
        #expect(seen[5].errorCode == .failed)
        let everything = "\(seen)" + "\(seenDiagnostics)"
        #expect(!everything.contains("token-"))
        #expect(!seenDiagnostics.isEmpty)
        try await host.finish()
    }

    @Test("X5 a token or a cookie printed, interpolated, debug-printed or dumped shows no part of the credential")
    func x5RedactedCredentials() {
        let token = AccessToken("token-secret")
        let cookie = BridgeCookie(
            name: "embed_bearer", value: "token-secret", domain: "feed.example.com", path: "/api/", isSecure: true,
            isHTTPOnly: true)
        for value in [token, cookie] as [Any] {
            var dumped = ""
            dump(value, to: &dumped)
            let shown =
                "\(value) \(String(reflecting: value)) \(dumped) "
                + Mirror(reflecting: value).children.map { "\($0.value)" }.joined()
            #expect(!shown.contains("secret"), "\(shown)")
        }
        #expect(
            "\(cookie)"
                == "BridgeCookie(embed_bearer=<redacted>; Domain=feed.example.com; Path=/api/; Secure; HttpOnly)")
        #expect(
            token.authorization == "Bearer token-secret"
                && cookie.setCookieHeaderValue.hasPrefix("embed_bearer=token-secret;"))
    }

    @Test("X7 an oversized message resolves undefined with a diagnostic")
    func x7MessageSize() async throws {
        let host = Fixtures.trustedHost(limits: BridgeLimits(maxMessageBytes: 1024))
        let big =
            "{\"type\":\"track\",\"ename\":\"x\",\"parameters\":{\"p\":\"" + String(repeating: "a", count: 2000)
            + "\"}}"
        let diagnostics = host.bridge.diagnostics()
        var reply = BridgeReply.rejection("unset")
        let seen = await Fixtures.collect(diagnostics) { reply = await host.send(json: big) }
        #expect(reply == .undefined)
        #expect(seen.map(\.code) == [.undecodableMessage])
        #expect(await host.recordedEvents().isEmpty)
        try await host.finish()
    }

    @Test("X7 nesting deeper than the limit resolves undefined; enormous nesting does not crash")
    func x7Depth() async throws {
        let host = Fixtures.trustedHost(limits: BridgeLimits(maxDepth: 8))
        let shallow =
            "{\"type\":\"headers\",\"x\":" + String(repeating: "[", count: 5) + String(repeating: "]", count: 5) + "}"
        #expect(await host.send(json: shallow).value?["Authorization"] != nil)
        let deep =
            "{\"type\":\"headers\",\"x\":" + String(repeating: "[", count: 20) + String(repeating: "]", count: 20) + "}"
        #expect(await host.send(json: deep) == .undefined)
        let enormous = String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)
        #expect(await host.send(json: enormous) == .undefined)
        try await host.finish()
    }

    @Test(
        "X7 calls over the in-flight limit are refused as busy; track is not held by it and reaches the sink; nothing grows"
    )
    func x7InFlight() async throws {
        let host = Fixtures.trustedHost(limits: BridgeLimits(maxCallsInFlight: 4))
        try host.bridge.register("hang", access: .anyFrame) { (_: Empty, _) in try await hangUntilCancelled() }
        let pending = (0..<4).map { _ in Task { await host.send(["type": "hang"]) } }
        #expect(await Fixtures.waitUntil { host.connection.pendingCallCount == 4 })
        let refused = await host.send(["type": "hang"])
        #expect(refused.error?.code == "busy" && refused.error?.recoverable == true)
        #expect(await host.send(["type": "track", "ename": "x"]) == .undefined)
        #expect(await host.recordedEvents().map(\.name) == ["x"])
        #expect(host.connection.pendingCallCount == 4)
        host.connection.close()
        for task in pending { #expect(await task.value.error?.code == "cancelled") }
        try await host.finish()
    }

    @Test("X7 native calls over the pending limit fail busy with a limitExceeded diagnostic, as page calls do")
    func x7PendingNativeCalls() async throws {
        let host = Fixtures.trustedHost(limits: BridgeLimits(maxPendingNativeCalls: 2))
        let ask = NativeCall("ask", arguments: NoResult.self, result: Bool.self)
        let pending = (0..<2).map { _ in Task { try await host.connection.call(ask, default: false) } }
        #expect(await Fixtures.waitUntil { host.connection.pendingCallCount == 2 })
        let diagnostics = host.bridge.diagnostics()
        var refused: BridgeError?
        let seen = await Fixtures.collect(diagnostics) {
            do throws(BridgeError) { _ = try await host.connection.call(ask, default: false) } catch { refused = error }
        }
        #expect(refused?.code == .busy && refused?.recoverable == true)
        #expect(seen.map(\.code) == [.limitExceeded])
        #expect(seen.first?.type == "ask")
        #expect(host.connection.pendingCallCount == 2)
        host.connection.close()
        for task in pending { #expect(await task.result.errorCode == .cancelled) }
        try await host.finish()
    }
}

extension Result where Failure == any Error {
    /// The ``BridgeError`` code a failed result carries.
    fileprivate var errorCode: BridgeError.Code? {
        guard case .failure(let error) = self else { return nil }
        return (error as? BridgeError)?.code
    }
}
