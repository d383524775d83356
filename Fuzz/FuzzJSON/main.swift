import FuzzSupport
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting

// JSON text as a page sends it: parsing within limits (X7), the serialization round trip, the
// typed decoder and encoder, and the whole path of a message through a connection and the
// string transport (C2, C3, T1, T4, A1).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = Fuzz.text(start, count)
    let parsed = try? JSONValue(parsing: text)
    checkLimits(text, parsed: parsed)
    if let parsed {
        checkRoundTrip(parsed)
        checkCoding(parsed)
    }
    checkMessage(text, parsed: parsed)
    return 0
}

/// Tighter limits refuse exactly what is over them, with the right code, and nothing else.
private func checkLimits(_ text: String, parsed: JSONValue?) {
    let limits = JSONLimits(maxBytes: 1 << 20, maxDepth: 3)
    do {
        let value = try JSONValue(parsing: text, limits: limits)
        Fuzz.check(value == parsed, "a parse within limits differs from the default parse")
        Fuzz.check(Fuzz.depth(of: value) <= 3, "a value deeper than maxDepth was accepted")
    } catch {
        switch error.code {
        case .tooDeep: Fuzz.check(parsed.map { Fuzz.depth(of: $0) > 3 } ?? true, "tooDeep for a shallow value")
        case .tooLarge: Fuzz.check(false, "tooLarge under the byte limit")
        case .invalid: Fuzz.check(parsed == nil, "invalid under tight limits, valid under the default ones")
        }
    }
    let bytes = text.utf8.count
    if bytes > 0 {
        let tooSmall = JSONLimits(maxBytes: bytes - 1, maxDepth: 64)
        do {
            _ = try JSONValue(parsing: text, limits: tooSmall)
            Fuzz.check(false, "text over maxBytes was accepted")
        } catch {
            Fuzz.check(error.code == .tooLarge, "text over maxBytes refused as \(error.code)")
        }
    }
}

/// parse -> jsonString -> parse gives an equal value; serialization never writes text that fails
/// to parse, and is stable.
private func checkRoundTrip(_ value: JSONValue) {
    let text = value.jsonString
    let reparsed: JSONValue
    do {
        reparsed = try JSONValue(parsing: text)
    } catch {
        Fuzz.check(false, "jsonString wrote text that does not parse (\(error)): \(text)")
        return
    }
    Fuzz.check(reparsed == value, "round trip changed the value: \(text)")
    Fuzz.check(reparsed.jsonString == text, "serialization is not stable: \(text)")
    Fuzz.check(
        !text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" || $0.value < 0x20 },
        "unescaped line terminator or control character: \(text)")
}

/// The typed decoder and encoder never trap, and encoding what was decoded gives the value back.
private func checkCoding(_ value: JSONValue) {
    let decoder = JSONValueDecoder()
    let encoder = JSONValueEncoder()
    if let members = try? decoder.decode([String: JSONValue].self, from: value) {
        Fuzz.check(try! encoder.encode(members) == value, "object re-encoding differs")
    }
    if let elements = try? decoder.decode([JSONValue].self, from: value) {
        Fuzz.check(try! encoder.encode(elements) == value, "array re-encoding differs")
    }
    if let strings = try? decoder.decode([String: String].self, from: value) {
        Fuzz.check(try! encoder.encode(strings) == value, "string-map re-encoding differs")
    }
    if let numbers = try? decoder.decode([Int].self, from: value) {
        Fuzz.check(try! encoder.encode(numbers) == value, "integer re-encoding differs")
    }
    _ = try? decoder.decode([String: [Double?]].self, from: value)
    _ = try? decoder.decode([UInt8].self, from: value)
    if let probe = try? decoder.decode(Probe.self, from: value) {
        _ = try! encoder.encode(probe)
    }
}

/// A request with every kind of field a capability may declare.
private struct Probe: Codable {
    var type: String?
    var ename: String?
    var refresh: Bool?
    var parameters: [String: JSONValue]?
    var count: Int64?
    var ratio: Float?
    var nested: [Probe]?
}

/// A message through a connection, as JSON text, as a value, and over the string transport.
private func checkMessage(_ text: String, parsed: JSONValue?) {
    let type = parsed?["type"]?.stringValue
    let (fromText, fromSubFrame, overTransport) = Fuzz.runBlocking {
        // The system clock: a deadline on a manual clock nobody advances keeps its host alive (a leak to LeakSanitizer).
        let host = BridgeTestHost(
            surfaces: [try! TrustedSurface(name: "feed", origins: ["https://trusted.example.com"])],
            clock: SystemBridgeClock())
        host.load("https://trusted.example.com/app/")
        let fromText = await host.send(json: text)
        let fromSubFrame = await host.send(json: text, from: .subFrame(origin: "https://ads.example"))
        let transport = StringTransport(connection: host.connection)
        let envelope =
            parsed.map { JSONValue.object(["id": 7, "message": $0]).jsonString } ?? "{\"id\":7,\"message\":\(text)}"
        // The envelope always carries id 7, readable even when the rest is not: a reply comes.
        let overTransport: String? = await withCheckedContinuation { continuation in
            transport.receive(envelope, from: host.senderFacts()) { continuation.resume(returning: $0) }
        }
        return (fromText, fromSubFrame, overTransport)
    }
    for reply in [fromText, fromSubFrame] {
        if case .value(let value?) = reply {
            Fuzz.check((try? JSONValue(parsing: value.jsonString)) == value, "a reply does not survive serialization")
        }
    }
    // C3: not an object, no string type, or an unknown type: `undefined`.
    let known = ["track", "headers", "refreshToken", "establishSession"]
    if parsed?.objectValue == nil || type.map({ !known.contains($0) && !$0.hasPrefix("__today.") }) ?? true {
        Fuzz.check(fromText == .undefined, "C3: \(String(describing: type)) resolved \(fromText)")
    }
    // T1 never fails the page; T4 never rejects and never returns the bearer; S1 no credential
    // crosses into a sub-frame.
    switch type {
    case "track":
        Fuzz.check(fromText == .undefined && fromSubFrame == .undefined, "T1: track resolved \(fromText)")
    case "establishSession":
        Fuzz.check(
            fromText == .value(["ok": true]) || fromText == .value(["ok": false]),
            "T4: establishSession resolved \(fromText)")
        Fuzz.check(fromSubFrame == .undefined, "S1: establishSession from a sub-frame resolved \(fromSubFrame)")
    case "headers", "refreshToken":
        Fuzz.check(fromSubFrame == .undefined, "S1: \(type!) from a sub-frame resolved \(fromSubFrame)")
    default:
        break
    }
    // A1: a request with an id is always answered with that id, in text that parses (the
    // envelope adds one level of nesting, within the default limit of 64).
    if let parsed, Fuzz.depth(of: parsed) < 64 {
        let answer = overTransport.flatMap { try? JSONValue(parsing: $0) }
        Fuzz.check(answer?["id"] == 7, "A1: no answer with the request's id: \(String(describing: overTransport))")
    }
}

// Last: top-level code runs in order, and this call never returns.
Fuzz.main(fuzzJSON)
