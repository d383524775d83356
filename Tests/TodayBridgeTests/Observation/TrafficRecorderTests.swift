import Foundation
import Testing
@_spi(Adapters) @_spi(Tools) import TodayBridge
import TodayBridgeTesting

@Suite("X5: the traffic recorder")
struct TrafficRecorderTests {
    private static let tokenText = "tok-secret-4711"

    /// A trusted host with a manual clock and a `fail` and a `hang` capability.
    private func host(
        clock: ManualClock = ManualClock(), limits: BridgeLimits = BridgeLimits()
    ) throws -> BridgeTestHost {
        let host = Fixtures.trustedHost(token: Self.tokenText, clock: clock, limits: limits)
        try host.bridge.register("fail", access: .anyFrame) { (_: Empty, _) -> Empty in
            throw BridgeError(code: "declined", message: "declined on purpose", recoverable: true)
        }
        try host.bridge.register("hang", access: .anyFrame, deadline: 2) { (_: Empty, _) in
            try await hangUntilCancelled()
        }
        return host
    }

    @Test(
        "X5 a recorder keeps each message's web view, frame, origin, type, outcome, answer and sizes: a value, undefined and a rejection code apart"
    )
    func x5Messages() async throws {
        let host = try host()
        let recorder = TrafficRecorder(recording: host.bridge)
        let headers = await host.send(["type": "headers"])
        _ = await host.send(["type": "track", "ename": "opened"])
        _ = await host.send(["type": "headers"], from: .subFrame(origin: "https://ads.example"))
        _ = await host.send(["type": "no.such"])
        _ = await host.send(json: "{")
        let failed = await host.send(["type": "fail"])
        let traces = recorder.traces
        #expect(traces.map(\.type) == ["headers", "track", "headers", "no.such", nil, "fail"])
        #expect(traces.map(\.kind).allSatisfy { $0 == .pageMessage })
        #expect(traces.map(\.outcome) == [.resolved, .resolved, .denied, .unknownType, .malformed, .rejected])
        #expect(traces.map(\.answer) == [.value, .undefined, .undefined, .undefined, .undefined, .rejection])
        #expect(traces.map(\.errorCode) == [nil, nil, nil, nil, nil, "declined"])
        #expect(traces.map(\.isMainFrame) == [true, true, false, true, true, true])
        #expect(
            traces[0].origin == SecurityOrigin(string: "https://trusted.example.com") && traces[0].surface == "feed")
        #expect(traces[2].origin == SecurityOrigin(string: "https://ads.example"))
        #expect(
            traces.allSatisfy {
                $0.webView == host.connection.webViewID && $0.document == host.connection.currentDocument
            })
        #expect(traces[0].requestBytes == #"{"type":"headers"}"#.utf8.count)
        #expect(traces[0].replyBytes == headers.value?.jsonString.utf8.count)
        #expect(traces[1].replyBytes == 0)
        #expect(traces[4].requestBytes == 1)
        guard case .rejection(let reason) = failed else {
            Issue.record("fail did not reject")
            return
        }
        #expect(traces[5].replyBytes == reason.utf8.count)
        try await host.finish()
    }

    @Test("X5 a recorder times calls on the bridge's clock and keeps timeouts and busy refusals by code")
    func x5Timing() async throws {
        let clock = ManualClock()
        let host = try host(clock: clock, limits: BridgeLimits(maxCallsInFlight: 1))
        let recorder = TrafficRecorder(recording: host.bridge)
        await clock.advance(bySeconds: 1)
        let hanging = Task { await host.send(["type": "hang"]) }
        #expect(await Fixtures.waitUntil { host.connection.pendingCallCount == 1 })
        _ = await host.send(["type": "hang"])
        await clock.advance(bySeconds: 2)
        _ = await hanging.value
        let traces = recorder.traces
        #expect(traces.map(\.outcome) == [.busy, .timedOut])
        #expect(traces.map(\.errorCode) == ["busy", "timeout"])
        #expect(traces[1].start.seconds(since: recorder.startedAt) == 1)
        #expect(traces[1].duration == 2)
        let record = try #require(recorder.recording.records.last)
        #expect(record.start == 1000 && record.duration == 2000)
        try await host.finish()
    }

    @Test("X5 native events and calls are recorded: name, sizes, outcome")
    func x5NativeEventsAndCalls() async throws {
        let host = try host()
        let recorder = TrafficRecorder(recording: host.bridge)
        await host.connection.emit("cart.changed", data: ["count": 1])
        _ = await host.send(["type": "__today.subscribe", "event": "cart.changed"])
        await host.connection.emit("cart.changed", data: ["count": 2])

        async let doubled = host.connection.call("double", arguments: 21)
        #expect(await Fixtures.waitUntil { host.deliveries.count == 2 })
        _ = await host.answerCall(host.deliveries[1]["id"]!.stringValue!, value: 42)
        _ = try await doubled
        async let unhandled = host.connection.call("nobody", default: "fallback")
        #expect(await Fixtures.waitUntil { host.deliveries.count == 3 })
        _ = await host.answerCall(host.deliveries[2]["id"]!.stringValue!, unhandled: true)
        _ = try await unhandled
        let broken = Task { try await host.connection.call("broken") }
        #expect(await Fixtures.waitUntil { host.deliveries.count == 4 })
        _ = await host.answerCall(host.deliveries[3]["id"]!.stringValue!, error: "boom")
        _ = try? await broken.value
        host.connection.close()
        await host.connection.emit("late", data: .null)
        _ = try? await host.connection.call("late")

        let native = recorder.traces.filter { $0.kind != .pageMessage }
        #expect(
            native.map(\.kind) == [
                .nativeEvent, .nativeEvent, .nativeCall, .nativeCall, .nativeCall, .nativeEvent, .nativeCall,
            ])
        #expect(native.map(\.type) == ["cart.changed", "cart.changed", "double", "nobody", "broken", "late", "late"])
        #expect(
            native.map(\.outcome) == [
                .buffered, .delivered, .resolved, .unhandled, .rejected, .undelivered, .cancelled,
            ])
        #expect(native.map(\.answer) == [nil, nil, .value, .value, .rejection, nil, .rejection])
        #expect(native.map(\.errorCode) == [nil, nil, nil, nil, "failed", nil, "cancelled"])
        #expect(native.map(\.requestBytes) == [11, 11, 2, 0, 0, 4, 0])
        #expect(native.map(\.replyBytes) == [nil, nil, 2, 0, nil, nil, nil])
        #expect(native.allSatisfy { $0.isMainFrame })
        // The core learns the main document's URL from its messages: none had come before the first event.
        #expect(native[0].origin == nil && native[0].surface == nil)
        #expect(
            native.dropFirst().allSatisfy {
                $0.origin == SecurityOrigin(string: "https://trusted.example.com") && $0.surface == "feed"
            })
        let answers = recorder.traces.filter { $0.type == "__today.reply" }
        #expect(answers.count == 3 && answers.allSatisfy { $0.outcome == .resolved && $0.answer == .undefined })
        try await host.finish()
    }

    @Test(
        "X5 a recorder keeps at most its capacity, the newest, and counts what it let go; a type is cut to 100 scalars")
    func x5Bounded() async throws {
        let host = try host()
        let recorder = TrafficRecorder(recording: host.bridge, capacity: 3)
        for index in 1...5 { _ = await host.send(["type": .string("t\(index)")]) }
        #expect(recorder.traces.map(\.type) == ["t3", "t4", "t5"])
        #expect(recorder.droppedCount == 2)
        _ = await host.send(["type": .string(String(repeating: "é", count: 5000))])
        #expect(recorder.traces.last?.type == String(repeating: "é", count: TrafficRecorder.maxTypeLength))
        #expect(recorder.recording.header.dropped == 3 && recorder.recording.header.capacity == 3)
        try await host.finish()
    }

    @Test("X5 nothing is traced while nobody records; a stopped or released recorder stops listening")
    func x5OptIn() async throws {
        let host = try host()
        #expect(!host.bridge.observer.traces.hasSubscribers)
        var recorder: TrafficRecorder? = TrafficRecorder(recording: host.bridge)
        #expect(host.bridge.observer.traces.hasSubscribers)
        recorder?.stop()
        #expect(!host.bridge.observer.traces.hasSubscribers)
        _ = await host.send(["type": "headers"])
        #expect(recorder?.traces.isEmpty == true)
        recorder = TrafficRecorder(recording: host.bridge)
        #expect(host.bridge.observer.traces.hasSubscribers)
        recorder = nil
        #expect(!host.bridge.observer.traces.hasSubscribers)
        try await host.finish()
    }

    @Test("X5 a recording's JSON lines hold sizes, types and codes, never the token or the cookie, and read back")
    func x5JSONLines() async throws {
        let host = try host()
        let recorder = TrafficRecorder(recording: host.bridge)
        #expect(await host.send(["type": "headers"]).value?["Authorization"] == .string("Bearer \(Self.tokenText)"))
        _ = await host.send(["type": "refreshToken"])
        #expect(await host.send(["type": "establishSession"]) == .value(["ok": true]))
        #expect(host.webView.cookies.count == 1)
        let lines = recorder.jsonLines()
        #expect(!lines.contains("tok-secret"), "\(lines)")
        #expect(!lines.contains("token-"), "\(lines)")
        #expect(!lines.contains("Bearer"))
        let read = try TrafficRecording(jsonLines: lines)
        #expect(read == recorder.recording)
        #expect(
            read.header.format == "today-bridge-traffic"
                && read.records.map(\.type) == ["headers", "refreshToken", "establishSession"])
        #expect(
            read.records.allSatisfy {
                $0.frame == .main && $0.answer == "value" && $0.origin == "https://trusted.example.com"
            })
        #expect(lines.split(separator: "\n").count == 4)
        #expect(throws: TrafficRecordingError.self) { try TrafficRecording(jsonLines: #"{"type":"headers"}"#) }
        try await host.finish()
    }

    @Test("X5 the ring keeps the newest values, oldest first, and counts the rest")
    func x5Ring() {
        var ring = RingBuffer<Int>(capacity: 3)
        for value in 1...2 { ring.append(value) }
        #expect(ring.elements == [1, 2] && ring.dropped == 0)
        for value in 3...7 { ring.append(value) }
        #expect(ring.elements == [5, 6, 7] && ring.dropped == 4)
        var none = RingBuffer<Int>(capacity: 0)
        none.append(1)
        #expect(none.elements.isEmpty && none.dropped == 1)
    }
}
