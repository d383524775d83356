import Foundation
// TEMPORARY stub of the policy branch's API, removed at merge.
public struct SecurityOrigin: Sendable, Hashable, CustomStringConvertible {
    public let scheme: String; public let host: String; public let port: Int?
    public init?(scheme: String, host: String, port: Int?) { self.scheme = scheme.lowercased(); self.host = host.lowercased(); self.port = port }
    public init?(string: String) { guard let c = URLComponents(string: string), let s = c.scheme, let h = c.host, !h.isEmpty else { return nil }; self.init(scheme: s, host: h, port: c.port) }
    public init?(url: URL) { self.init(string: url.absoluteString) }
    public var isSecure: Bool { scheme == "https" }
    public var description: String { "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "") }
}
public struct OriginRule: Sendable, Hashable, CustomStringConvertible {
    let origin: SecurityOrigin?
    public init(_ text: String) throws(OriginRuleError) { if text == "*" { origin = nil; return }
        guard let o = SecurityOrigin(string: text) else { throw OriginRuleError(rule: text, reason: "bad") }; origin = o }
    public func matches(_ o: SecurityOrigin) -> Bool { origin == nil || origin == o }
    public var description: String { origin?.description ?? "*" }
}
public struct OriginRuleError: Error, Hashable, CustomStringConvertible { public let rule: String; public let reason: String
    public var description: String { "invalid origin rule \"\(rule)\": \(reason)" } }
