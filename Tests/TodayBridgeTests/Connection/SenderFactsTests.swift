import Foundation
import Testing
import TodayBridge

@Suite("C8 the engine's facts about a sender")
struct SenderFactsTests {
    private let facts = SenderFacts(
        isMainFrame: true, frameOrigin: SecurityOrigin(string: "https://app.example"),
        frameURL: URL(string: "https://app.example/a"), mainDocumentURL: URL(string: "https://app.example/")
    )

    @Test("C8 facts compare and hash by what they say; changing a copy leaves the original as it was")
    func c8ValueSemantics() {
        var copy = facts
        #expect(copy == facts && copy.hashValue == facts.hashValue)
        copy.frameOrigin = SecurityOrigin(string: "https://evil.example")
        copy.isMainFrame = false
        #expect(copy != facts)
        #expect(facts.frameOrigin == SecurityOrigin(string: "https://app.example") && facts.isMainFrame)
        #expect(copy.frameOrigin == SecurityOrigin(string: "https://evil.example") && !copy.isMainFrame)
        #expect(copy.frameURL == facts.frameURL && copy.mainDocumentURL == facts.mainDocumentURL)

        let rebuilt = SenderFacts(
            isMainFrame: true, frameOrigin: SecurityOrigin(string: "https://app.example"),
            frameURL: URL(string: "https://app.example/a"), mainDocumentURL: URL(string: "https://app.example/")
        )
        #expect(rebuilt == facts && rebuilt.hashValue == facts.hashValue)
        #expect(Set([facts, rebuilt, copy]).count == 2)
        var moved = rebuilt
        moved.mainDocumentURL = URL(string: "https://app.example/next")
        #expect(moved != rebuilt)
        moved.frameURL = nil
        #expect(moved.frameURL == nil && rebuilt.frameURL != nil)
    }
}
