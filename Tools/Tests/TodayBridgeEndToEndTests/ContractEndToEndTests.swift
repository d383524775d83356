import Foundation
import Testing
import TodayBridge
import TodayDemoBackend

typealias Engine = EndToEndHost.Engine

/// The contract in real engines: the real web SDK in real pages, served over HTTPS and HTTP on
/// loopback, against the real hosts (`today-bridge open`): WebKitGTK on Xvfb, and the Android
/// library that ships in a JVM over the emulation of Android's WebView on headless Chromium.
@Suite("End to end in real engines", .serialized)
struct ContractEndToEndTests {
    /// The main contract page, run once per engine, one engine after the other (the pages
    /// expire tokens and count refreshes on the shared backend), and shared by the tests below.
    static let allContractRuns = Task { () throws -> [Engine: (results: JSONValue, run: EndToEndHost.Run)] in
        let backend = try await EndToEndHost.shared.value.backend
        var runs: [Engine: (results: JSONValue, run: EndToEndHost.Run)] = [:]
        for engine in Engine.allCases {
            let run = try await EndToEndHost.open(
                "/e2e/contract.html?engine=\(engine.rawValue)", on: backend.secureOrigin,
                trusting: [backend.secureOrigin], engine: engine)
            let results = try #require(
                backend.reports(named: "contract-\(engine.rawValue)").last,
                "the page did not report; stderr: \(run.errors)")
            runs[engine] = (results, run)
        }
        return runs
    }

    static func contractRun(_ engine: Engine) async throws -> (results: JSONValue, run: EndToEndHost.Run) {
        try await allContractRuns.value[engine]!
    }

    private func results(_ engine: Engine) async throws -> JSONValue {
        let (results, run) = try await Self.contractRun(engine)
        #expect(run.exitCode == 0, "the page did not close itself: \(run.errors)")
        #expect(results["crashed"] == nil)
        return results
    }

    @Test("A headless run keeps the engines' bus warnings out of standard error", arguments: Engine.allCases)
    func quietStandardError(engine: Engine) async throws {
        let (_, run) = try await Self.contractRun(engine)
        for warning in ["a11y bus", "session bus", "WARNING **"] {
            #expect(!run.errors.contains(warning), "standard error: \(run.errors)")
        }
    }

    @Test(
        "C8 WebKitGTK takes the path asked for, its web process extension or the relay, without a fallback diagnostic",
        arguments: Engine.allCases)
    func c8Path(engine: Engine) async throws {
        let (_, run) = try await Self.contractRun(engine)
        #expect(!run.errors.contains("webProcessExtensionUnavailable"), "standard error: \(run.errors)")
    }

    @Test("C7 the main frame sees the frozen platform tag", arguments: Engine.allCases)
    func c7PlatformTag(engine: Engine) async throws {
        let results = try await results(engine)
        #expect(results["platform"] == .string(engine.platform))
        #expect(results["tagFrozen"] == true)
    }

    @Test(
        "D1 W7 the main frame learns the host, the protocol both speak and what it may call", arguments: Engine.allCases
    )
    func d1Discovery(engine: Engine) async throws {
        let discovery = try #require(try await results(engine)["discovery"])
        #expect(discovery["name"] == "TodayBridge" && discovery["version"] == .string(TodayBridge.version))
        #expect(discovery["protocol"] == 3)
        let offered: JSONValue = [
            "track": "allowed", "headers": "allowed", "refreshToken": "allowed", "establishSession": "allowed",
            "echo": "allowed", "fail": "allowed", "sleep": "allowed", "emitEvent": "allowed", "callPage": "allowed",
            "closeView": "allowed", "count": "allowed", "replay": "allowed", "deliveries": "allowed",
        ]
        #expect(discovery["capabilities"] == offered)
        #expect(
            discovery["supports"] == ["track": true, "refreshToken": true, "echo": true, "no.such.capability": false])
    }

    @Test(
        "D1 S1 a sub-frame is told only what every frame may call", arguments: Engine.allCases,
        ["crossOriginFrame", "srcdocFrame"])
    func d1SubFrameDiscovery(engine: Engine, frame: String) async throws {
        let hello = try #require(try await results(engine)[frame]?["hello"])
        #expect(hello["protocol"] == 2)
        #expect(
            hello["capabilities"] == ["track": "allowed", "echo": "allowed", "fail": "allowed", "sleep": "allowed"])
    }

    @Test("C3 an unknown type and a non-object resolve undefined", arguments: Engine.allCases)
    func c3Unknown(engine: Engine) async throws {
        let results = try await results(engine)
        #expect(results["unknownType"] == ["undefined": true])
        #expect(results["notAnObject"] == ["undefined": true])
    }

    @Test(
        "W5 a message that cannot be cloned is refused at once with a TypeError, by the channel and the SDK",
        arguments: Engine.allCases)
    func w5NonCloneable(engine: Engine) async throws {
        let results = try await results(engine)
        // Every main frame's channel is the host's own script (WKWebView's too, in place of
        // WebKit's handler): it checks the value first and throws a TypeError.
        #expect(results["nonCloneable"]?["rejected"] == "TypeError")
        #expect(results["sdkNonCloneable"]?["rejected"] == "TypeError")
    }

    @Test("T2 S3 a trusted HTTPS main frame gets Authorization and the surface's headers", arguments: Engine.allCases)
    func t2Headers(engine: Engine) async throws {
        let results = try await results(engine)
        let authorization = try #require(results["headers"]?["Authorization"]?.stringValue)
        #expect(authorization.hasPrefix("Bearer demo-"))
    }

    @Test("T3 refreshToken resolves the ready-to-use header value", arguments: Engine.allCases)
    func t3Refresh(engine: Engine) async throws {
        let results = try await results(engine)
        #expect(results["refreshToken"]?["authorization"]?.stringValue?.hasPrefix("Bearer demo-") == true)
    }

    @Test(
        "T4 establishSession mints embed_bearer: the page cannot read it, /api/ on the trusted host receives it",
        arguments: Engine.allCases)
    func t4Session(engine: Engine) async throws {
        let results = try await results(engine)
        #expect(results["establishSession"] == ["ok": true])
        #expect(results["documentCookieHasBearer"] == false)
        #expect(results["apiWithCookie"] == ["status": 200, "body": ["user": "demo-user", "via": "cookie"]])
        let backend = try await EndToEndHost.shared.value.backend
        #expect(backend.apiRequests.contains { $0.via == "cookie" && $0.secure })
    }

    @Test(
        "T1 track resolves undefined and reaches the sink enriched, non-scalar values dropped",
        arguments: Engine.allCases)
    func t1Track(engine: Engine) async throws {
        let (results, run) = try await Self.contractRun(engine)
        #expect(results["track"] == ["undefined": true])
        let event = try #require(run.analytics.first { $0["event"] == "e2e_opened" })
        #expect(event["n"] == 1 && event["nested"] == nil)
        #expect(event["client_plat"] == .string(engine.platform))
        #expect(event["ctx"]?["frame"] == "main" && event["ctx"]?["surface"] == "default")
    }

    @Test(
        "X1 X2 custom capabilities answer typed values and structured errors; concurrent calls all settle (C6)",
        arguments: Engine.allCases)
    func x1Custom(engine: Engine) async throws {
        let results = try await results(engine)
        #expect(results["customEcho"] == ["text": "hello", "list": [1, 2]])
        #expect(results["customFailure"]?["code"] == "declined")
        #expect(results["customFailure"]?["rejected"] == "BridgeError")
        #expect(results["concurrent"] == .array((0..<20).map { ["i": .number(Double($0))] }))
    }

    @Test("X3 an event emitted before the page subscribed arrives on subscription", arguments: Engine.allCases)
    func x3Backlog(engine: Engine) async throws {
        #expect(try await results(engine)["eventBacklog"] == ["early": true])
    }

    @Test(
        "X4 the host calls page handlers: a value, a failure, and the fallback when none is registered",
        arguments: Engine.allCases)
    func x4NativeCalls(engine: Engine) async throws {
        let results = try await results(engine)
        #expect(results["nativeCall"] == ["value": 42])
        #expect(results["nativeCallThrows"]?["error"]?.stringValue?.contains("handler failed") == true)
        #expect(results["nativeCallUnhandled"] == ["value": "unhandled"])
    }

    @Test(
        "S1 a cross-origin iframe and a srcdoc iframe get no credential, but track reaches the host",
        arguments: Engine.allCases, ["crossOriginFrame", "srcdocFrame"])
    func s1SubFrames(engine: Engine, frame: String) async throws {
        let (results, run) = try await Self.contractRun(engine)
        let probe = try #require(results[frame])
        #expect(probe["hasChannel"] == true)
        #expect(probe["headers"] == "undefined")
        #expect(probe["refreshToken"] == "undefined")
        #expect(probe["establishSession"] == "undefined")
        #expect(probe["track"] == "undefined")
        #expect(probe["platformTag"] == "none")
        let frameEvents = run.analytics.filter { $0["event"] == "frame_event" }
        #expect(frameEvents.count == 2 && frameEvents.allSatisfy { $0["ctx"]?["frame"] == "sub" })
        #expect(!run.lines.contains { $0.jsonString.contains("Bearer") })
    }

    @Test(
        "W3 50 concurrent 401s in bridgeFetch cause one refresh at the token endpoint and one retry each",
        arguments: Engine.allCases)
    func w3Storm(engine: Engine) async throws {
        let storm = try #require(try await results(engine)["storm"])
        #expect(storm["statuses"] == [200])
        #expect(storm["refreshes"] == 1)
    }
}

@Suite("End to end in real engines: pages that get no credential", .serialized)
struct DenialEndToEndTests {
    /// These pages share the backend's tokens and counters: run them after the contract pages.
    private func backendAfterContractRuns() async throws -> DemoBackend {
        _ = try? await ContractEndToEndTests.allContractRuns.value
        return try await EndToEndHost.shared.value.backend
    }

    @Test(
        "S3 D1 the same page over cleartext http gets no credential and no cookie, and is told so",
        arguments: Engine.allCases)
    func s3Cleartext(engine: Engine) async throws {
        let backend = try await backendAfterContractRuns()
        let run = try await EndToEndHost.open(
            "/e2e/credentials.html?report=cleartext-\(engine.rawValue)", on: backend.cleartextOrigin,
            trusting: [backend.cleartextOrigin, backend.secureOrigin], engine: engine
        )
        #expect(run.exitCode == 0, "\(run.errors)")
        let results = try #require(backend.reports(named: "cleartext-\(engine.rawValue)").last)
        #expect(results["headers"] == [:])
        #expect(results["refreshToken"] == ["undefined": true])
        #expect(results["establishSession"] == ["undefined": true])
        #expect(results["track"] == ["undefined": true])
        #expect(results["apiStatus"] == 401)
        #expect(
            results["offers"]?["refreshToken"] == "denied" && results["offers"]?["headers"] == "allowed",
            "D1: offered, denied")
        #expect(run.analytics.contains { $0["event"] == "probe_opened" })
    }

    @Test("S2 S3 D1 an untrusted origin gets no credential and no cookie, and is told so", arguments: Engine.allCases)
    func s2Untrusted(engine: Engine) async throws {
        let backend = try await backendAfterContractRuns()
        let run = try await EndToEndHost.open(
            "/e2e/credentials.html?report=untrusted-\(engine.rawValue)", on: backend.otherSecureOrigin,
            trusting: [backend.secureOrigin], engine: engine)
        #expect(run.exitCode == 0, "\(run.errors)")
        let results = try #require(backend.reports(named: "untrusted-\(engine.rawValue)").last)
        #expect(results["headers"] == [:])
        #expect(results["refreshToken"] == ["undefined": true])
        #expect(results["establishSession"] == ["undefined": true])
        #expect(results["apiStatus"] == 401)
        #expect(results["offers"]?["establishSession"] == "denied", "D1: offered, denied")
    }

    @Test(
        "C8 S3 the main frame's channel outlives garbage collection: still the bridge's, still the main frame",
        arguments: Engine.allCases)
    func c8ChannelOutlivesCollection(engine: Engine) async throws {
        let backend = try await backendAfterContractRuns()
        let run = try await EndToEndHost.open(
            "/e2e/collected.html?report=collected-\(engine.rawValue)", on: backend.secureOrigin,
            trusting: [backend.secureOrigin], engine: engine)
        #expect(run.exitCode == 0, "\(run.errors)")
        let results = try #require(backend.reports(named: "collected-\(engine.rawValue)").last)
        #expect(results["replacedAt"] == .null, "the channel was replaced after a collection")
        #expect(results["hasAuthorization"] == true, "credentials still reach the main frame")
    }

    @Test(
        "S4 a navigation while a refresh is in flight: the old document gets no token and no cookie is minted",
        arguments: Engine.engines)
    func s4NavigationDuringRefresh(engine: Engine) async throws {
        let backend = try await backendAfterContractRuns()
        let refreshesBefore = await backend.refreshCount
        let run = try await EndToEndHost.open(
            "/e2e/navigate.html?report=navigation-\(engine.rawValue)", on: backend.secureOrigin,
            trusting: [backend.secureOrigin], engine: engine)
        #expect(run.exitCode == 0, "\(run.errors)")
        let results = try #require(backend.reports(named: "navigation-\(engine.rawValue)").last)
        #expect(results["apiStatusAfterNavigation"] == 401)
        #expect(results["documentCookie"] == "")
        #expect(await backend.refreshCount == refreshesBefore + 1, "the two refreshes were coalesced upstream (T3)")
    }
}

@Suite("End to end on Android: the string transport")
struct AndroidTransportEndToEndTests {
    @Test("A1 the shim settles each call once: forged unknown ids and repeated ids are ignored")
    func a1ExactlyOnce() async throws {
        let (results, _) = try await ContractEndToEndTests.contractRun(.android)
        #expect(results["shimExactlyOnce"] == ["value": ["real": true], "settlements": 1])
    }
}
