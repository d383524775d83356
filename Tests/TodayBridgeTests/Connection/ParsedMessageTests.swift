import Testing
@testable import TodayBridge
import TodayBridgeTesting

@Suite("C2 a message read member by member")
struct ParsedMessageTests {
    private func parsed(_ text: String) throws -> ParsedMessage {
        var text = text
        return try text.withUTF8 { try ParsedMessage(parsing: $0, limits: .default) }
    }

    @Test(
        "C2 a message read as members answers every lookup as the parsed object would",
        arguments: [
            #"{"type":"track","ename":"a","parameters":{"n":1}}"#, #"{"type":"a","type":"b","a":1,"a":null}"#,
            #" { "t\u0079pe" : [1,{"type":2}] , "b" : {} } "#, #"{}"#, #"{"":0,"\u0000":1}"#,
        ])
    func c2MembersAsObject(text: String) throws {
        let message = try parsed(text)
        let value = try JSONValue(parsing: text)
        guard case .members = message else {
            Issue.record("an object was not read as members: \(message)")
            return
        }
        #expect(message.isObject)
        #expect(message.jsonValue == value)
        for key in ["type", "a", "b", "parameters", "missing", "", "\u{0}"] {
            #expect(message[key] == value[key], "\(key)")
        }
    }

    @Test(
        "C2 a message that is no object is its value whole, with no members to look up",
        arguments: [
            "null", "1", #""type""#, #"[{"type":"track"}]"#, "true",
        ])
    func c2NoObject(text: String) throws {
        let message = try parsed(text)
        #expect(!message.isObject)
        #expect(message.jsonValue == (try JSONValue(parsing: text)))
        #expect(message["type"] == nil)
    }

    @Test(
        "C2 X7 reading members keeps the parser's limits and strictness",
        arguments: [
            #"{"a":1,}"#, #"{"a" 1}"#, #"{"a":1}x"#, #"{"a":[[[[1]]]]}"#, "{\"a\":\"\u{1}\"}",
        ])
    func c2Refused(text: String) {
        #expect(throws: JSONParseError.self) {
            var text = text
            _ = try text.withUTF8 { try ParsedMessage(parsing: $0, limits: JSONLimits(maxBytes: 1 << 20, maxDepth: 4)) }
        }
    }

    @Test("C3 a message whose type repeats is dispatched by its last, as the page's own object has it")
    func c3RepeatedType() async throws {
        let host = Fixtures.trustedHost()
        #expect(await host.send(json: #"{"type":"nope","type":"headers"}"#).value != nil)
        #expect(await host.send(json: #"{"type":"headers","type":"nope"}"#) == .undefined)
        try await host.finish()
    }
}
