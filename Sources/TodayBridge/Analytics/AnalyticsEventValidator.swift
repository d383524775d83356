/// Applies ``TrackValidation`` to one event: a pure function of its input (T1).
@_spi(Tools) public struct AnalyticsEventValidator: Sendable {
    /// A validated event, and what was dropped or shortened on the way.
    @_spi(Tools) public struct Outcome: Sendable, Hashable {
        @_spi(Tools) public var name: String
        @_spi(Tools) public var parameters: [String: JSONValue]
        @_spi(Tools) public var problems: [String]
    }

    @_spi(Tools) public let rules: TrackValidation

    @_spi(Tools) public init(rules: TrackValidation) {
        self.rules = rules
    }

    /// The event to forward, or `nil` with the reason when the whole event is rejected.
    @_spi(Tools) public func validate(
        name: String, parameters: [String: JSONValue]
    ) -> Result<Outcome, AnalyticsValidationFailure> {
        guard rules.isEnabled else { return .success(Outcome(name: name, parameters: parameters, problems: [])) }
        if let problem = problem(withName: name) {
            return .failure(AnalyticsValidationFailure(reason: "event name \(problem)"))
        }
        if parameters.count <= rules.maxParameters, parameters.allSatisfy(isKeptAsIs) {
            return .success(
                Outcome(name: truncated(name, to: rules.maxNameLength), parameters: parameters, problems: []))
        }
        var problems: [String] = []
        var kept: [String: JSONValue] = [:]
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
            let name = truncated(key, to: rules.maxNameLength)
            if let problem = problem(withName: key) {
                problems.append("parameter key \(problem)")
            } else if kept[name] != nil {
                // Two long keys truncated alike: the first (in key order) is kept, not overwritten.
                problems.append("parameter key \(key) is \(name) once truncated, which is already kept")
            } else if kept.count == rules.maxParameters {
                problems.append("more than \(rules.maxParameters) parameters")
                break
            } else {
                kept[name] = shortened(value)
            }
        }
        return .success(Outcome(name: truncated(name, to: rules.maxNameLength), parameters: kept, problems: problems))
    }

    /// Whether a parameter passes unchanged: a fine key short enough, a value short enough.
    private func isKeptAsIs(_ parameter: (key: String, value: JSONValue)) -> Bool {
        guard parameter.key.utf8.count <= rules.maxNameLength, problem(withName: parameter.key) == nil else {
            return false
        }
        guard case .string(let text) = parameter.value else { return true }
        return text.utf8.count <= rules.maxStringLength || text.count <= rules.maxStringLength
    }

    /// Why a name or key is refused, or `nil` when it is fine.
    private func problem(withName name: String) -> String? {
        guard Self.isIdentifier(name) else { return "does not match ^[a-zA-Z][a-zA-Z0-9_]*$" }
        // Compared as UTF-8 bytes: the name is an ASCII identifier by now.
        if let prefix = rules.reservedPrefixes.first(where: { name.utf8.starts(with: $0.utf8) }) {
            return "uses the reserved prefix \"\(prefix)\""
        }
        return nil
    }

    private func shortened(_ value: JSONValue) -> JSONValue {
        guard case .string(let text) = value, text.utf8.count > rules.maxStringLength,
            text.count > rules.maxStringLength
        else { return value }
        return .string(String(text.prefix(rules.maxStringLength)))
    }

    private func truncated(_ name: String, to length: Int) -> String {
        name.utf8.count > length ? String(name.prefix(length)) : name
    }

    /// `^[a-zA-Z][a-zA-Z0-9_]*$`, checked on UTF-8 bytes.
    @_spi(Tools) public static func isIdentifier(_ name: String) -> Bool {
        name.utf8.withContiguousStorageIfAvailable(isIdentifier) ?? isIdentifier(Array(name.utf8))
    }

    private static func isIdentifier(_ bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.dropFirst().allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}

/// Why a whole `track` event was dropped.
@_spi(Tools) public struct AnalyticsValidationFailure: Error, Sendable, Hashable {
    @_spi(Tools) public let reason: String
}
