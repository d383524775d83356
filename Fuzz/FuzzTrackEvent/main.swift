import FuzzSupport
@_spi(Tools) import TodayBridge
import TodayBridgeTesting

// `track` validation (T1), on `AnalyticsEventValidator` itself and through a connection to the analytics
// sink. The input is a JSON object `{ ename, parameters }`, or any text for the connection.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrackEvent(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = Fuzz.text(start, count)
    let message = try? JSONValue(parsing: text)
    if let name = message?["ename"]?.stringValue {
        let parameters = message?["parameters"]?.objectValue ?? [:]
        checkValidator(name: name, parameters: parameters, rules: TrackValidation())
        checkValidator(
            name: name, parameters: parameters,
            rules: TrackValidation(
                maxNameLength: 8, maxParameters: 2, maxStringLength: 3, reservedPrefixes: ["app_", "x"]))
    }
    checkForwarded(text)
    return 0
}

private let baseFields: Set = ["eid", "sid", "ts", "tz", "uid", "did", "client_plat", "ctx"]

/// Every rule of T1 on the validator's outcome.
private func checkValidator(name: String, parameters: [String: JSONValue], rules: TrackValidation) {
    let acceptable =
        AnalyticsEventValidator.isIdentifier(name) && !rules.reservedPrefixes.contains { name.hasPrefix($0) }
    switch AnalyticsEventValidator(rules: rules).validate(name: name, parameters: parameters) {
    case .failure:
        Fuzz.check(!acceptable, "T1: a valid name \(name) was rejected")
    case .success(let event):
        Fuzz.check(acceptable, "T1: an invalid name \(name) was kept")
        checkName(event.name, original: name, rules: rules)
        Fuzz.check(event.parameters.count <= rules.maxParameters, "T1: \(event.parameters.count) parameters kept")
        let validKeys = parameters.keys.filter {
            AnalyticsEventValidator.isIdentifier($0) && !rules.reservedPrefixes.contains(where: $0.hasPrefix)
        }
        if validKeys.count <= rules.maxParameters {
            let distinct = Set(validKeys.map { String($0.prefix(rules.maxNameLength)) })
            Fuzz.check(event.parameters.count == distinct.count, "T1: valid parameters were dropped")
        }
        // Every parameter dropped is reported, and only then.
        Fuzz.check(
            event.problems.isEmpty == (event.parameters.count == parameters.count),
            "T1: problems \(event.problems) for \(parameters.count) parameters, \(event.parameters.count) kept")
        for (key, value) in event.parameters {
            // The first valid key, in key order, that truncates to `key`.
            let original = validKeys.sorted().first { String($0.prefix(rules.maxNameLength)) == key }
            Fuzz.check(original != nil, "T1: kept key \(key) was not sent")
            checkName(key, original: original!, rules: rules)
            checkValue(value, original: parameters[original!]!, rules: rules)
        }
    }
}

private func checkName(_ name: String, original: String, rules: TrackValidation) {
    Fuzz.check(AnalyticsEventValidator.isIdentifier(name), "T1: kept name \(name) is not an identifier")
    Fuzz.check(
        name.count <= rules.maxNameLength && name.utf8.count <= rules.maxNameLength, "T1: kept name \(name) is too long"
    )
    Fuzz.check(original.hasPrefix(name), "T1: kept name \(name) is not a prefix of \(original)")
    Fuzz.check(!rules.reservedPrefixes.contains(where: name.hasPrefix), "T1: kept name \(name) is reserved")
}

private func checkValue(_ value: JSONValue, original: JSONValue, rules: TrackValidation) {
    if case .string(let kept) = value, case .string(let sent) = original {
        Fuzz.check(kept.count <= rules.maxStringLength, "T1: a kept string has \(kept.count) characters")
        Fuzz.check(
            sent.hasPrefix(kept) && (kept == sent || kept.count == rules.maxStringLength),
            "T1: a string was changed, not truncated")
    } else {
        Fuzz.check(value == original, "T1: a non-string value changed")
    }
}

/// Through a connection: always `undefined`, and what reaches the sink follows T1, with scalar
/// values only.
private func checkForwarded(_ text: String) {
    let message = "{\"type\":\"track\"," + text.drop { $0 == "{" || $0 == " " }
    let sent = try? JSONValue(parsing: message)
    guard sent?["type"] == "track" else { return }
    let (reply, events) = Fuzz.runBlocking {
        // The system clock: a deadline on a manual clock nobody advances keeps its host alive (a leak to LeakSanitizer).
        let host = BridgeTestHost(
            surfaces: [try! TrustedSurface(name: "feed", origins: ["https://trusted.example.com"])],
            clock: SystemBridgeClock())
        host.load("https://trusted.example.com/app/")
        let reply = await host.send(json: message)
        return (reply, await host.recordedEvents())
    }
    Fuzz.check(reply == .undefined, "T1: track resolved \(reply)")
    Fuzz.check(events.count <= 1, "T1: one message forwarded \(events.count) events")
    guard let event = events.first else { return }
    let sentParameters = sent?["parameters"]?.objectValue ?? [:]
    Fuzz.check(
        AnalyticsEventValidator.isIdentifier(event.name) && event.name.count <= 40, "T1: forwarded name \(event.name)")
    let pageParameters = event.properties.filter { !baseFields.contains($0.key) }
    Fuzz.check(pageParameters.count <= 25, "T1: \(pageParameters.count) page parameters forwarded")
    for (key, value) in pageParameters {
        Fuzz.check(AnalyticsEventValidator.isIdentifier(key) && key.count <= 40, "T1: forwarded key \(key)")
        let isScalar =
            switch value {
            case .array, .object: false
            default: true
            }
        Fuzz.check(isScalar, "T1: forwarded a non-scalar value for \(key)")
        if case .string(let string) = value {
            Fuzz.check(string.count <= 100, "T1: forwarded a string of \(string.count) characters")
        }
        Fuzz.check(sentParameters.keys.contains { $0.hasPrefix(key) }, "T1: forwarded key \(key) was not sent")
    }
    for key in baseFields.subtracting(["uid"]) {
        Fuzz.check(event.properties[key] != nil, "T1: base field \(key) is missing")
    }
}

// Last: top-level code runs in order, and this call never returns.
Fuzz.main(fuzzTrackEvent)
