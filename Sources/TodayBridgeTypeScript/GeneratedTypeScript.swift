import Foundation
import TodayBridge

/// Keeps the page's generated TypeScript in step with the app's Swift definitions (X6): one call
/// from the app's own tests.
///
/// ``check(_:file:capabilityMap:eventMap:nativeCallMap:filePath:)`` renders the bridge's own
/// capabilities, events and native calls (`bridge.contract.custom`) and throws
/// ``GeneratedTypeScriptError`` when the committed file differs, so a Swift change that the page
/// has not seen fails the build. With `TODAY_BRIDGE_WRITE_TYPES=1` in the environment it writes
/// the file instead. Paths are relative to the package that holds the calling test.
///
/// ```swift
/// import Testing
/// import TodayBridgeTesting
/// import TodayBridgeTypeScript
///
/// @Test func pageTypesAreCurrent() throws {
///     let host = BridgeTestHost()
///     try AppBridge.register(on: host.bridge)   // the app's own registrations
///     try GeneratedTypeScript.check(host.bridge, file: "web/src/bridge.generated.ts")
/// }
/// ```
///
/// ```sh
/// TODAY_BRIDGE_WRITE_TYPES=1 swift test --filter pageTypesAreCurrent   # regenerates the file
/// ```
///
/// It throws rather than recording an issue, so it works the same under Swift Testing and XCTest
/// and needs neither.
public enum GeneratedTypeScript {
    /// The environment variable that makes ``check(_:file:capabilityMap:eventMap:nativeCallMap:filePath:)``
    /// write the file when it is `1`.
    public static let writeVariable = "TODAY_BRIDGE_WRITE_TYPES"

    /// What a check found.
    public enum Outcome: Sendable, Hashable {
        /// The committed file is the fresh rendering.
        case current
        /// The file was missing or stale and has been written (``writeVariable`` is `1`).
        case written
    }

    /// Renders `bridge`'s own capabilities, events and native calls and compares them with the
    /// committed `file`, or writes it when ``writeVariable`` is `1`.
    ///
    /// - Parameters:
    ///   - bridge: A bridge with the app's registrations and declarations.
    ///   - file: The generated file, relative to the root of the package holding the calling
    ///     test (the nearest folder above `filePath` with a `Package.swift`), or absolute.
    ///   - capabilityMap: The interface of the capabilities (`bridge.request`).
    ///   - eventMap: The interface of the events (`bridge.on`).
    ///   - nativeCallMap: The interface of the native calls (`bridge.handle`).
    ///   - filePath: Where the calling test is; leave the default.
    /// - Throws: ``GeneratedTypeScriptError`` when the file is missing or stale, or cannot be
    ///   read or written.
    @discardableResult
    public static func check(
        _ bridge: TodayBridge,
        file: String,
        capabilityMap: String = "AppCapabilities",
        eventMap: String = "AppEvents",
        nativeCallMap: String = "AppNativeCalls",
        filePath: String = #filePath
    ) throws(GeneratedTypeScriptError) -> Outcome {
        try check(
            bridge, file: file, capabilityMap: capabilityMap, eventMap: eventMap, nativeCallMap: nativeCallMap,
            filePath: filePath,
            write: ProcessInfo.processInfo.environment[writeVariable] == "1"
        )
    }

    /// The check, with whether to write given rather than read from the environment.
    @discardableResult
    package static func check(
        _ bridge: TodayBridge,
        file: String,
        capabilityMap: String = "AppCapabilities",
        eventMap: String = "AppEvents",
        nativeCallMap: String = "AppNativeCalls",
        filePath: String = #filePath,
        write: Bool
    ) throws(GeneratedTypeScriptError) -> Outcome {
        let fresh = bridge.contract.custom.typeScript(
            capabilityMap: capabilityMap, eventMap: eventMap, nativeCallMap: nativeCallMap)
        let url = try resolve(file, from: filePath)
        let committed = try? String(contentsOf: url, encoding: .utf8)
        if committed == fresh { return .current }
        if write {
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(fresh.utf8).write(to: url, options: .atomic)
            } catch {
                throw GeneratedTypeScriptError("\(file) could not be written to \(url.path): \(error)")
            }
            return .written
        }
        let regenerate =
            "Regenerate it by running the test that checks it with \(writeVariable)=1"
            + " (`\(writeVariable)=1 swift test --filter <that test>`) and commit it."
        guard let committed else {
            throw GeneratedTypeScriptError("\(file) is missing (looked for \(url.path)). \(regenerate)")
        }
        throw GeneratedTypeScriptError(
            "\(file) is stale: it is not the TypeScript rendered from the Swift definitions; \(firstDifference(committed, fresh)). \(regenerate)"
        )
    }

    /// `file` as a URL: absolute as given, else below the package root found above `filePath`.
    package static func resolve(_ file: String, from filePath: String) throws(GeneratedTypeScriptError) -> URL {
        if file.hasPrefix("/") { return URL(fileURLWithPath: file) }
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent(file)
            }
            folder.deleteLastPathComponent()
        }
        throw GeneratedTypeScriptError(
            "no Package.swift above \(filePath) to resolve \(file) against: pass an absolute path")
    }

    /// Where two texts first differ, by line, for the failure message.
    private static func firstDifference(_ committed: String, _ fresh: String) -> String {
        let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let new = fresh.split(separator: "\n", omittingEmptySubsequences: false)
        let index = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        let line = { (lines: [Substring]) in index < lines.count ? "`\(lines[index])`" : "the end of the file" }
        return "line \(index + 1) is \(line(old)) where the Swift definitions give \(line(new))"
    }
}
