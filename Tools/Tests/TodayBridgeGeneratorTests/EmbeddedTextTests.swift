import Testing
@testable import TodayBridgeGenerator

@Suite("X6 the built page scripts, embedded into Swift and Java")
struct EmbeddedTextTests {
    @Test("X6 a configuration type names its Swift member: the type without `Configuration`, first letter lowercased")
    func x6MemberNames() {
        let types = [
            "PlatformTagConfiguration", "PageEventConfiguration", "WebKitGTKChannelConfiguration",
            "ChromiumWebViewConfiguration", "ChromiumWebMessageReplyConfiguration",
        ]
        #expect(
            types.map(EmbeddedText.memberName) == [
                "platformTag", "pageEvent", "webKitGTKChannel", "chromiumWebView", "chromiumWebMessageReply",
            ])
        #expect(
            ["chromiumWebView", "chromiumWebMessageReply", "webKitGTKChannel"].map(EmbeddedText.javaConstantName) == [
                "CHROMIUM_WEB_VIEW", "CHROMIUM_WEB_MESSAGE_REPLY", "WEB_KIT_GTKCHANNEL",
            ])
    }

    @Test("X6 the raw string delimiter outnumbers every run of # after a quote or backslash in the source")
    func x6RawDelimiter() {
        #expect(EmbeddedText.rawDelimiter("(function () {})") == "#")
        #expect(EmbeddedText.rawDelimiter("a = \"#\"; b = \"x\"") == "##")
        #expect(EmbeddedText.rawDelimiter("s = \"\\\\##(x)\"") == "###")
        #expect(EmbeddedText.rawDelimiter("\"\"\"####") == "#####")
        let source = "(function (configuration) {\nreturn \"\\\"\"\"#\\#(x)\";\n})"
        #expect(
            EmbeddedText.swiftEntry(path: "web/host/x.ts", type: "XConfiguration", source: source) == """
                extension HostScript where Configuration == XConfiguration {
                    /// Built from `web/host/x.ts`.
                    package static let x = HostScript(source: ##\"""
                \(source)
                \"""##)
                }
                """)
    }

    @Test("X6 an entry's doc comment documents its Swift member, at the access level its folder is embedded with")
    func x6EntryDoc() throws {
        let entry =
            "/** The parts of `window` it uses. */\nexport interface W {}\n\n/**\n * Does one thing (C7).\n *\n * Details.\n */\nexport default function x(window: W, configuration: XConfiguration): void {}\n"
        #expect(EmbeddedText.entryDoc(entry) == ["Does one thing (C7).", "", "Details."])
        #expect(
            EmbeddedText.entryDoc("export default function x(window: W, configuration: XConfiguration): void {}\n")
                == [])
        #expect(try EmbeddedText.configurationType(entry, path: "web/host/x.ts") == "XConfiguration")
        #expect(throws: GenerationError.self) {
            try EmbeddedText.configurationType("export default function x(window: W): void {}\n", path: "web/host/x.ts")
        }
        let swift = EmbeddedText.swiftEntry(
            path: "web/host/x.ts", type: "XConfiguration", source: "(function () {})", access: "public",
            doc: EmbeddedText.entryDoc(entry))
        #expect(
            swift == """
                extension HostScript where Configuration == XConfiguration {
                    /// Does one thing (C7).
                    ///
                    /// Details.
                    ///
                    /// Built from `web/host/x.ts`.
                    public static let x = HostScript(source: #\"""
                (function () {})
                \"""#)
                }
                """)
    }

    @Test(
        "X6 a Java constant holds the script as JSON writes a string: quotes, backslashes and control characters escaped"
    )
    func x6JavaConstant() {
        #expect(EmbeddedText.jsonString("a\"b\\c\nd\te\u{1}é") == #""a\"b\\c\nd\te\u0001é""#)
        let constant = EmbeddedText.javaConstant(
            path: "web/host/chromium/x.ts", type: "ChromiumXConfiguration", source: "(function () {})",
            doc: ["Does one thing."])
        #expect(
            constant == """
                    /**
                     * Does one thing.
                     *
                     * Built from {@code web/host/chromium/x.ts}.
                     */
                    static final String CHROMIUM_X = "(function () {})";
                """)
    }
}
