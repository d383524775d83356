import Foundation
import Testing
import TodayBridge
import TodayDemoBackend

/// Hostile pages in real engines: a flood, huge and deep inputs, prototype-polluting keys, forged
/// relay events, attacks on WebKitGTK's native entry, a frame removed and a document reloaded with
/// calls in flight; on Android, ArrayBuffers posted to the injected object; `window.close()` with
/// calls in flight. Every call gets its
/// contract outcome and the trusted page's own calls keep working.
@Suite("Hostile pages in real engines", .serialized)
struct HostilePageEndToEndTests {
    /// The host process's peak resident memory stays under this, 64 MiB inputs included.
    static let memoryBoundKiB = 1_536 * 1024

    @Test(
        "X7 C5 C8 A1 a hostile page gets each contract outcome and the trusted page keeps its answers",
        arguments: Engine.allCases)
    func hostilePage(engine: Engine) async throws {
        _ = try await ContractEndToEndTests.contractRun(engine)  // after the contract runs: shared backend counters
        let backend = try await EndToEndHost.shared.value.backend
        let run = try await EndToEndHost.open(
            "/e2e/hostile.html?engine=\(engine.rawValue)", on: backend.secureOrigin, trusting: [backend.secureOrigin],
            engine: engine, extra: ["--print-peak-memory", "--timeout", "240"]
        )
        #expect(run.exitCode == 0, "the page did not close itself: \(run.errors.suffix(2000))")
        let results = try #require(
            backend.reports(named: "hostile-\(engine.rawValue)").last, "no report; stderr: \(run.errors.suffix(2000))")
        let reloaded = try #require(backend.reports(named: "hostile-reloaded-\(engine.rawValue)").last)
        print(
            "hostile page, \(engine.rawValue): \(results.jsonString) \(reloaded.jsonString) \(run.lines.filter { $0["hostPeakResidentKiB"] != nil }.map(\.jsonString))"
        )

        // C5: every one of the 100,000 calls settled, each with a value or a clear rejection.
        let flood = try #require(results["flood"]?.objectValue)
        #expect(flood.values.compactMap(\.doubleValue).reduce(0, +) == 100_000)
        #expect(Set(flood.keys).isSubset(of: ["value", "rejected:busy"]), "unexpected outcomes: \(flood)")
        #expect(results["duringFlood"] == "answered" || results["duringFlood"] == "rejected:busy")
        #expect(results["afterFlood"] == "answered")
        // X7: over the size or depth limit -> undefined.
        #expect(results["hugeString"] == "undefined")
        // WebKit carries the 5,000-deep object (WebKitGTK's channel and WebKit's postMessage alike)
        // and the host answers undefined; the Android shim
        // cannot serialize it and refuses it at once with a TypeError, like any message the
        // channel cannot carry (W5): nothing reaches the host.
        #expect(results["deeplyNested"] == (engine.isWebKitGTK ? "undefined" : "rejected:TypeError"))
        #expect(results["afterLargeInput"] == "answered")
        #expect(results["pollutingEcho"]?["prototypeClean"] == true)
        #expect(results["pollutingTrack"] == "undefined")
        #expect(results["prototypeClean"] == true)
        #expect(results["afterForgedRelayEvents"] == "answered")
        #expect(results["afterFrameRemoved"] == "answered")
        #expect(reloaded["afterReload"] == "answered")
        // A1 (Android): ArrayBuffers posted to the injected object are ignored and the app lives on.
        #expect(reloaded["afterArrayBuffer"] == (engine == .android ? "answered" : nil))

        // C8: the web process extension's entry cannot be replaced or redefined, takes only a
        // string and a callback, is out of another origin's reach, and refuses to serve a document
        // its frame no longer shows.
        if engine == .webkitgtk {
            let entry = try #require(results["entry"])
            #expect(entry["writable"] == false && entry["configurable"] == false && entry["intact"] == true)
            #expect(entry["redefine"] == "TypeError")
            #expect(entry["arguments"] == ["TypeError", "TypeError", "TypeError", "TypeError"])
            #expect(
                entry["crossOrigin"] == [
                    "entry": "SecurityError", "topEntry": "SecurityError", "channel": "SecurityError",
                ])
            #expect(
                entry["stale"] == [
                    "whileCurrent": "answered", "afterNavigation": "TypeError", "secondWhileCurrent": "answered",
                    "afterRemoval": "TypeError",
                ])
        } else {
            #expect(results["entry"] == "absent")
        }

        let peaks = run.lines.compactMap { $0["hostPeakResidentKiB"]?.doubleValue }
        let peak = try #require(peaks.first)
        #expect(Int(peak) < Self.memoryBoundKiB)
    }

    @Test(
        "C5 W5 X3 a page that replaces JSON, Promise, CustomEvent, Array, Map, String, RegExp and EventTarget members after load, or puts a toJSON on Object.prototype, gets every call settled and its event",
        arguments: Engine.allCases)
    func pageReplacingGlobals(engine: Engine) async throws {
        let backend = try await EndToEndHost.shared.value.backend
        let run = try await EndToEndHost.open(
            "/e2e/replaced-globals.html?engine=\(engine.rawValue)", on: backend.secureOrigin,
            trusting: [backend.secureOrigin], engine: engine
        )
        #expect(run.exitCode == 0, "the page did not close itself: \(run.errors.suffix(2000))")
        let results = try #require(
            backend.reports(named: "replaced-globals-\(engine.rawValue)").last,
            "no report; stderr: \(run.errors.suffix(2000))")
        print("page replacing globals, \(engine.rawValue): \(results.jsonString)")
        #expect(results["echo"] == ["ping": 1])
        #expect(results["unknownType"] == "undefined")
        // W5: every engine's main-frame channel refuses a body whose getter throws with a TypeError
        // (WKWebView's too, over its relay: WebKit's own serialization would rethrow the getter's).
        #expect(results["throwingGetter"] == "rejected:TypeError")
        #expect(results["headers"] == "authorized")
        #expect(results["emitEvent"] == "undefined")
        #expect(results["events"] == [["n": 1]])
        // With a toJSON on Object.prototype the message is JSON's `{"type":"nope"}`, no capability
        // (`undefined`), and the call settles: the Android shim's request kept its id.
        #expect(results["prototypeToJSON"] == "undefined")
    }
}
