import Foundation

/// What `today-bridge open` was asked to do.
struct PageRunOptions: Sendable {
    var url: URL
    var headless: Bool
    var timeout: Double
    var certificate: String?
    var certificateHosts: [String]
    var screenshot: String?
    /// Also register the raw echo handler the benchmarks compare against.
    var rawEcho = false
}
