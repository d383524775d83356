import Foundation
import Testing
import TodayBridge

/// The contract in the real WebKit engine: the real web SDK in real pages, served over HTTPS
/// and HTTP on loopback, against the real Swift host (`today-bridge open`, WebKitGTK on Xvfb).
@Suite("WebKitGTK end to end", .serialized)
struct WebKitGTKContractTests {
    /// The main contract page, run once and shared by the tests below.
    static let contractRun = Task { () throws -> (results: JSONValue, run: EndToEndHost.Run) in
        let backend = try await EndToEndHost.shared.value.backend
        let run = try await EndToEndHost.open("/e2e/contract.html", on: backend.secureOrigin, trusting: [backend.secureOrigin])
        let results = try #require(backend.reports(named: "contract").last, "the page did not report; stderr: \(run.errors)")
        return (results, run)
    }

    private func results() async throws -> JSONValue {
        let (results, run) = try await Self.contractRun.value
        #expect(run.exitCode == 0, "the page did not close itself: \(run.errors)")
        #expect(results["crashed"] == nil)
        return results
    }

    @Test("C7 the main frame sees the frozen platform tag linux")
    func c7PlatformTag() async throws {
        let results = try await results()
        #expect(results["platform"] == "linux")
        #expect(results["tagFrozen"] == true)
    }

    @Test("C3 an unknown type and a non-object resolve undefined")
    func c3Unknown() async throws {
        let results = try await results()
        #expect(results["unknownType"] == ["undefined": true])
        #expect(results["notAnObject"] == ["undefined": true])
    }

    @Test("W5 a message that cannot be cloned is refused at once with a TypeError, by the channel and the SDK")
    func w5NonCloneable() async throws {
        let results = try await results()
        #expect(results["nonCloneable"]?["rejected"] == "TypeError")
        #expect(results["sdkNonCloneable"]?["rejected"] == "TypeError")
    }

    @Test("T2 S3 a trusted HTTPS main frame gets Authorization and the surface's headers")
    func t2Headers() async throws {
        let results = try await results()
        let authorization = try #require(results["headers"]?["Authorization"]?.stringValue)
        #expect(authorization.hasPrefix("Bearer demo-"))
    }

    @Test("T3 refreshToken resolves the ready-to-use header value")
    func t3Refresh() async throws {
        let results = try await results()
        #expect(results["refreshToken"]?["authorization"]?.stringValue?.hasPrefix("Bearer demo-") == true)
    }

    @Test("T4 establishSession mints embed_bearer: the page cannot read it, /api/ on the trusted host receives it")
    func t4Session() async throws {
        let results = try await results()
        #expect(results["establishSession"] == ["ok": true])
        #expect(results["documentCookieHasBearer"] == false)
        #expect(results["apiWithCookie"] == ["status": 200, "body": ["user": "demo-user", "via": "cookie"]])
        let backend = try await EndToEndHost.shared.value.backend
        #expect(backend.apiRequests.contains { $0.via == "cookie" && $0.secure })
    }

    @Test("T1 track resolves undefined and reaches the sink enriched, non-scalar values dropped")
    func t1Track() async throws {
        let (results, run) = try await Self.contractRun.value
        #expect(results["track"] == ["undefined": true])
        let event = try #require(run.analytics.first { $0["event"] == "e2e_opened" })
        #expect(event["n"] == 1 && event["nested"] == nil)
        #expect(event["client_plat"] == "linux")
        #expect(event["ctx"]?["frame"] == "main" && event["ctx"]?["surface"] == "default")
    }

    @Test("X1 X2 custom capabilities answer typed values and structured errors; concurrent calls all settle (C6)")
    func x1Custom() async throws {
        let results = try await results()
        #expect(results["customEcho"] == ["text": "hello", "list": [1, 2]])
        #expect(results["customFailure"]?["code"] == "declined")
        #expect(results["customFailure"]?["rejected"] == "BridgeError")
        #expect(results["concurrent"] == .array((0..<20).map { ["i": .number(Double($0))] }))
    }

    @Test("X3 an event emitted before the page subscribed arrives on subscription")
    func x3Backlog() async throws {
        #expect(try await results()["eventBacklog"] == ["early": true])
    }

    @Test("X4 the host calls page handlers: a value, a failure, and the fallback when none is registered")
    func x4NativeCalls() async throws {
        let results = try await results()
        #expect(results["nativeCall"] == ["value": 42])
        #expect(results["nativeCallThrows"]?["error"]?.stringValue?.contains("handler failed") == true)
        #expect(results["nativeCallUnhandled"] == ["value": "unhandled"])
    }

    @Test("S1 a cross-origin iframe and a srcdoc iframe get no credential, but track reaches the host", arguments: ["crossOriginFrame", "srcdocFrame"])
    func s1SubFrames(frame: String) async throws {
        let (results, run) = try await Self.contractRun.value
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

    @Test("W3 50 concurrent 401s in bridgeFetch cause one refresh at the token endpoint and one retry each")
    func w3Storm() async throws {
        let storm = try #require(try await results()["storm"])
        #expect(storm["statuses"] == [200])
        #expect(storm["refreshes"] == 1)
    }
}

@Suite("WebKitGTK end to end: pages that get no credential", .serialized)
struct WebKitGTKDenialTests {
    @Test("S3 the same page over cleartext http gets the surface's extra headers but no credential, and no cookie")
    func s3Cleartext() async throws {
        let backend = try await EndToEndHost.shared.value.backend
        let run = try await EndToEndHost.open(
            "/e2e/credentials.html?report=cleartext", on: backend.cleartextOrigin, trusting: [backend.cleartextOrigin, backend.secureOrigin]
        )
        #expect(run.exitCode == 0, "\(run.errors)")
        let results = try #require(backend.reports(named: "cleartext").last)
        #expect(results["headers"] == [:])
        #expect(results["refreshToken"] == ["undefined": true])
        #expect(results["establishSession"] == ["undefined": true])
        #expect(results["track"] == ["undefined": true])
        #expect(results["apiStatus"] == 401)
        #expect(run.analytics.contains { $0["event"] == "probe_opened" })
    }

    @Test("S2 S3 an untrusted origin gets no credential and no cookie")
    func s2Untrusted() async throws {
        let backend = try await EndToEndHost.shared.value.backend
        let run = try await EndToEndHost.open("/e2e/credentials.html?report=untrusted", on: backend.otherSecureOrigin, trusting: [backend.secureOrigin])
        #expect(run.exitCode == 0, "\(run.errors)")
        let results = try #require(backend.reports(named: "untrusted").last)
        #expect(results["headers"] == [:])
        #expect(results["refreshToken"] == ["undefined": true])
        #expect(results["establishSession"] == ["undefined": true])
        #expect(results["apiStatus"] == 401)
    }

    @Test("S4 a navigation while a refresh is in flight: the old document gets no token and no cookie is minted")
    func s4NavigationDuringRefresh() async throws {
        let backend = try await EndToEndHost.shared.value.backend
        let refreshesBefore = await backend.refreshCount
        let run = try await EndToEndHost.open("/e2e/navigate.html", on: backend.secureOrigin, trusting: [backend.secureOrigin])
        #expect(run.exitCode == 0, "\(run.errors)")
        let results = try #require(backend.reports(named: "navigation").last)
        #expect(results["apiStatusAfterNavigation"] == 401)
        #expect(results["documentCookie"] == "")
        #expect(await backend.refreshCount == refreshesBefore + 1, "the two refreshes were coalesced upstream (T3)")
    }
}
