import Foundation
import Testing
@_spi(Adapters) @testable import TodayBridge
import TodayBridgeTesting

/// `headers` with a token the host already knows (an ``ImmediateTokenProvider``, as Android's
/// pushed token): answered before `receive` returns, on the receiving thread, without a task.
@Suite("T2 headers answered at once from a token the host knows")
struct PushedTokenTests {
    @Test("T2 headers with a known token settle before receive returns, without awaiting the provider")
    func t2KnownTokenAtOnce() {
        let reply = receiveHeaders(known: .token(AccessToken("pushed")))
        #expect(reply == .value(["Authorization": "Bearer pushed", "X-Client": "today-test"]))
    }

    @Test("T2 headers while the host knows the user is logged out settle at once, without Authorization")
    func t2KnownLoggedOutAtOnce() {
        #expect(receiveHeaders(known: .loggedOut) == .value(["X-Client": "today-test"]))
    }

    @Test("T2 headers at once still give a page off any surface nothing")
    func t2KnownTokenOffSurface() {
        #expect(receiveHeaders(known: .token(AccessToken("pushed")), page: "https://elsewhere.example/") == .value([:]))
    }

    /// The reply to one `headers` from the main frame of `page`, as it stands when `receive` returns.
    private func receiveHeaders(known: ImmediateToken, page: String = Fixtures.trustedPage) -> BridgeReply? {
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: .linux, surfaces: [Fixtures.feedSurface()]),
            tokens: KnownToken(known: known),
            analytics: RecordingAnalyticsSink(),
            identity: AnalyticsIdentity(deviceID: "device-1")
        )
        let host = BridgeTestHost(bridge: bridge)
        host.load(page)
        let reply = Locked<BridgeReply?>(nil)
        host.connection.receive(.value(["type": "headers", "id": "1"]), from: host.senderFacts()) { answer in
            reply.withLock { $0 = answer }
        }
        return reply.withLock { $0 }
    }
}

/// A provider that knows its token now and fails the test when it is awaited.
private struct KnownToken: ImmediateTokenProvider {
    let known: ImmediateToken
    var immediateToken: ImmediateToken? { known }

    func currentToken() async -> AccessToken? {
        Issue.record("the provider was awaited: headers ran as a task")
        return nil
    }

    func refreshToken() async throws -> AccessToken { throw CancellationError() }
}
