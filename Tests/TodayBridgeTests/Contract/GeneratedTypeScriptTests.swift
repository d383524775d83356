import Foundation
import Testing
import TodayBridge
import TodayBridgeTesting
import TodayBridgeTypeScript

private struct Ping: Codable, Sendable { var at: Double }

@Suite("X6 the app's generated TypeScript, checked from its own tests")
struct GeneratedTypeScriptTests {
    /// A scratch folder of its own for each test.
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "today-bridge-types-\(UUID().uuidString)")

    private func bridge() throws -> TodayBridge {
        let host = BridgeTestHost()
        try host.bridge.declare(NativeEvent("ping", payload: Ping.self))
        return host.bridge
    }

    @Test("X6 a committed file equal to the fresh rendering passes; the write variable writes a missing one")
    func x6CurrentAndWritten() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("web/app.generated.ts").path
        #expect(try GeneratedTypeScript.check(bridge(), file: file, write: true) == .written)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("  ping: PingEvent;\n"))
        #expect(try GeneratedTypeScript.check(bridge(), file: file, write: false) == .current)
    }

    @Test("X6 a stale file fails with the line that differs and how to regenerate it")
    func x6Stale() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.generated.ts").path
        try GeneratedTypeScript.check(bridge(), file: file, write: true)
        let stale = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
            of: "at: number", with: "at: string")
        try stale.write(toFile: file, atomically: true, encoding: .utf8)
        let error = #expect(throws: GeneratedTypeScriptError.self) {
            try GeneratedTypeScript.check(bridge(), file: file, write: false)
        }
        #expect(error?.description.contains("is stale") == true)
        #expect(
            error?.description.contains("is `  at: string;` where the Swift definitions give `  at: number;`") == true)
        #expect(error?.description.contains("TODAY_BRIDGE_WRITE_TYPES=1 swift test --filter") == true)
        #expect(try GeneratedTypeScript.check(bridge(), file: file, write: true) == .written)
        #expect(try GeneratedTypeScript.check(bridge(), file: file, write: false) == .current)
    }

    @Test("X6 a missing file fails and says where it was looked for")
    func x6Missing() throws {
        let file = folder.appendingPathComponent("absent.generated.ts").path
        let error = #expect(throws: GeneratedTypeScriptError.self) {
            try GeneratedTypeScript.check(bridge(), file: file, write: false)
        }
        #expect(error?.description.contains("is missing (looked for \(file))") == true)
    }

    @Test("X6 a relative path is resolved against the package holding the calling test")
    func x6RelativeToPackage() throws {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let url = try GeneratedTypeScript.resolve("web/src/protocol.generated.ts", from: #filePath)
        #expect(
            url.standardizedFileURL
                == packageRoot.appendingPathComponent("web/src/protocol.generated.ts").standardizedFileURL)
        #expect(throws: GeneratedTypeScriptError.self) {
            try GeneratedTypeScript.resolve("x.ts", from: "/no/package/here/Test.swift")
        }
    }
}
