#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A recording of a bridge's traffic as JSON lines: a header line, then one ``TrafficRecord``
/// per line, oldest first. ``TrafficRecorder/jsonLines()`` writes it; `today-bridge` writes it
/// with `open --inspect` and reads it with `inspect` (X5).
@_spi(Tools) public struct TrafficRecording: Codable, Sendable, Hashable {
    @_spi(Tools) public static let format = "today-bridge-traffic"
    @_spi(Tools) public static let version = 1

    @_spi(Tools) public var header: TrafficRecordingHeader
    @_spi(Tools) public var records: [TrafficRecord]

    @_spi(Tools) public init(header: TrafficRecordingHeader, records: [TrafficRecord]) {
        self.header = header
        self.records = records
    }

    /// The header and the records, one compact JSON object per line.
    @_spi(Tools) public func jsonLines() -> String {
        let encoder = JSONValueEncoder()
        let lines = [Self.line(header, encoder)] + records.map { Self.line($0, encoder) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads JSON lines as ``jsonLines()`` writes them; blank lines are skipped.
    @_spi(Tools) public init(jsonLines text: String) throws(TrafficRecordingError) {
        let decoder = JSONValueDecoder()
        var header: TrafficRecordingHeader?
        var records: [TrafficRecord] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            do {
                let value = try JSONValue(parsing: String(line))
                if header == nil {
                    let read = try decoder.decode(TrafficRecordingHeader.self, from: value)
                    guard read.format == Self.format else {
                        throw TrafficRecordingError(line: index + 1, reason: "not a \(Self.format) header")
                    }
                    header = read
                } else {
                    records.append(try decoder.decode(TrafficRecord.self, from: value))
                }
            } catch let error as TrafficRecordingError {
                throw error
            } catch {
                throw TrafficRecordingError(line: index + 1, reason: "\(error)")
            }
        }
        guard let header else { throw TrafficRecordingError(line: 1, reason: "no \(Self.format) header") }
        self.init(header: header, records: records)
    }

    private static func line(_ value: some Encodable, _ encoder: JSONValueEncoder) -> String {
        // Strings and numbers only: encoding cannot fail.
        guard let json = try? encoder.encode(value) else { return "null" }
        return json.jsonString
    }
}

/// A line of a recording that could not be read.
@_spi(Tools) public struct TrafficRecordingError: Error, CustomStringConvertible {
    @_spi(Tools) public var line: Int
    @_spi(Tools) public var reason: String

    @_spi(Tools) public var description: String { "line \(line): \(reason)" }
}
