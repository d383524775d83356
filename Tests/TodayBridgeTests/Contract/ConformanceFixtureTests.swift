import Foundation
import Testing
import TodayBridge
import TodayBridgeConformance
import TodayBridgeTesting

/// What the conformance kit relies on from a host: the fixture's capabilities behave as its table
/// says, and the embedded page cannot be broken out of by its options.
@Suite("X1 X2 C6 C8 S1 the conformance kit's fixture and page")
struct ConformanceFixtureTests {
    static func host() throws -> BridgeTestHost {
        let host = Fixtures.trustedHost()
        try ConformanceFixture.register(in: host.bridge)
        return host
    }

    @Test("X1 the fixture's values: echo without type, count, nothing is undefined")
    func x1Values() async throws {
        let host = try Self.host()
        #expect(await host.send(["type": "conformance.echo", "a": [1, "two"]]) == .value(["a": [1, "two"]]))
        #expect(await host.send(["type": "conformance.count", "count": 3]) == .value(["count": 3]))
        #expect(await host.send(["type": "conformance.nothing"]) == .undefined)
        try await host.finish()
    }

    @Test("ST2 ST5 the fixture's stream yields { n } below to, and fails with the declined code at failAt")
    func st5Stream() async throws {
        let host = try Self.host()
        _ = await host.openStream("conformance.stream", ["to": 3], id: "a")
        #expect(host.stream("a") == .init(values: [["n": 0], ["n": 1], ["n": 2]], end: .finished))
        _ = await host.openStream("conformance.stream", ["to": 5, "failAt": 1], id: "b")
        #expect(host.stream("b") == .init(values: [["n": 0]], end: .failed, errorCode: ConformanceFixture.declinedCode))
        try await host.finish()
    }

    @Test("X2 the fixture's rejections: invalid request, the declined code, a native error as failed without its text")
    func x2Rejections() async throws {
        let host = try Self.host()
        let invalid = await host.send(["type": "conformance.count", "count": "three"])
        #expect(Self.reason(invalid)?.contains(BridgeError.Code.invalidRequest.rawValue) == true)
        let declined = try #require(Self.reason(await host.send(["type": "conformance.reject"])))
        #expect(declined.contains(ConformanceFixture.declinedCode.rawValue))
        let thrown = try #require(Self.reason(await host.send(["type": "conformance.throw"])))
        #expect(thrown.contains(BridgeError.Code.failed.rawValue))
        #expect(!thrown.contains(ConformanceFixture.nativeSecret))
        try await host.finish()
    }

    @Test("C6 conformance.slow rejects with timeout at its deadline")
    func c6Slow() async throws {
        let host = try Self.host()
        let clock = try #require(host.clock as? ManualClock)
        async let reply = host.send(["type": "conformance.slow"])
        #expect(await Fixtures.waitUntil { clock.wakeTimes == [ConformanceFixture.slowDeadline] })
        await host.advance(bySeconds: ConformanceFixture.slowDeadline)
        let reason = try #require(Self.reason(await reply))
        #expect(reason.contains(BridgeError.Code.timeout.rawValue))
        try await host.finish()
    }

    @Test("C8 S1 main-frame and trusted-surface capabilities: a sub-frame and an untrusted page get undefined")
    func c8s1Access() async throws {
        let host = try Self.host()
        #expect(await host.send(["type": "conformance.mainFrame"]) == .value(true))
        #expect(await host.send(["type": "conformance.trusted"]) == .value(true))
        let frame = BridgeTestHost.Frame.subFrame(origin: "https://trusted.example.com")
        #expect(await host.send(["type": "conformance.mainFrame"], from: frame) == .undefined)
        #expect(await host.send(["type": "conformance.emit", "name": "x"], from: frame) == .undefined)
        host.load("https://elsewhere.example/app")
        #expect(await host.send(["type": "conformance.trusted"]) == .undefined)
        #expect(await host.send(["type": "conformance.mainFrame"]) == .value(true))
        try await host.finish()
    }

    @Test("X6 the kit ships its four files, and the page's options cannot close its script")
    func x6Page() throws {
        #expect(Set(ConformanceKit.files.keys) == ["index.html", "kit.js", "frame.html", "frame.js"])
        let page = ConformanceKit.page(
            mode: .untrusted, frameURL: "https://b.example/</script><script>alert(1)</script>", reportURL: "/report/x")
        #expect(page.components(separatedBy: "</script>").count - 1 == 2, "one closing tag per script element")
        #expect(
            page.contains(#"<script type="application/json" id="today-conformance-options">{"#),
            "the options are data, not script")
        #expect(page.contains(#""mode":"untrusted""#))
        #expect(page.contains(try #require(ConformanceKit.files["kit.js"])))
    }

    static func reason(_ reply: BridgeReply) -> String? {
        if case .rejection(let reason) = reply { reason } else { nil }
    }
}
