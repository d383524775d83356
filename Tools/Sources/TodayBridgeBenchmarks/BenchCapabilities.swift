import Foundation
import TodayBridge
@_spi(Tools) import TodayBridgeConformance

/// Capabilities only the bench page uses, beside the test capabilities:
///
/// - `emitBurst` `{ name, count }`: the host emits `count` events named `name` (X3), to compare a
///   stream's values with the same number of events.
/// - `hostMemory` `{ reset? }`: the host's resident memory now and its peak since the last reset,
///   in bytes (Linux's `VmRSS` and `VmHWM`); `reset` starts a new peak, to measure what one
///   message costs the host.
enum BenchCapabilities {
    struct BurstRequest: Decodable, Sendable {
        var name: String
        var count: Int
    }

    struct MemoryRequest: Decodable, Sendable {
        var reset: Bool?
    }

    struct Memory: Codable, Sendable {
        var resident: Int
        var peak: Int
    }

    static func register(in bridge: TodayBridge) throws {
        try bridge.register("emitBurst", access: .mainFrame) { (request: BurstRequest, context) -> NoResult in
            for index in 0..<min(max(request.count, 0), 100_000) {
                await PageExercises.emit(request.name, data: .number(Double(index)), in: context)
            }
            return NoResult()
        }
        try bridge.register("hostMemory", access: .mainFrame) { (request: MemoryRequest, _) in
            if request.reset == true {
                try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
            }
            return Memory(resident: statusKilobytes("VmRSS") * 1024, peak: statusKilobytes("VmHWM") * 1024)
        }
    }

    /// A `kB` line of `/proc/self/status` (`VmRSS:\t  1234 kB`); 0 where there is none.
    private static func statusKilobytes(_ field: String) -> Int {
        // Foundation reads a /proc file's first page only: a FileHandle reads it to the end.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/status") else { return 0 }
        defer { try? handle.close() }
        let data = (try? handle.readToEnd()) ?? Data()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix(field + ":") {
            let number = line.dropFirst(field.count + 1).split(whereSeparator: \.isWhitespace).first
            return number.flatMap { Int($0) } ?? 0
        }
        return 0
    }
}
