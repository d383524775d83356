import Foundation
import TodayBridge

/// What the fuzzer's bytes mean: a sequence of events against one connection (issue 25's
/// property fuzzing). Each step takes one byte to choose its kind and a few more for its
/// arguments; running out of bytes reads zeros, so every input is a program.
enum ConnectionStep {
    /// A page message of `kind` from `sender`.
    case message(MessageKind, from: Sender)
    /// Text that may be anything, as an engine hands it over, from `sender`.
    case text(String, from: Sender)
    /// The main frame commits `page`: a new document (S4).
    case navigate(to: Page)
    case close
    case webProcessDied
    /// The monotonic clock moves on: deadlines may pass (C5).
    case advanceClock(seconds: Double)
    /// The app emits a native event (X3).
    case emit(Int)
    /// The app calls the page's handler, due in `deadline` seconds (X4).
    case nativeCall(deadline: Double)
    /// The page answers a native call: the `index`-th delivered call (or an id it never got),
    /// from `sender`, once or twice.
    case answerNativeCall(index: Int, answer: NativeAnswer, from: Sender, twice: Bool)
    /// The token service holds every request (`true`) or lets them all through.
    case holdTokens(Bool)
    case failRefreshes(Bool)
    case logOut
    /// The app's `fuzz.hang` handlers wait (`true`) or all finish.
    case holdHandlers(Bool)
    /// Lets running tasks run for a while.
    case yield

    /// The page's messages, built-in and the harness's own capabilities.
    enum MessageKind: CaseIterable {
        case track, headers, refreshToken, establishSession, establishSessionRefreshing, hello, subscribe
        case answer, throwBridgeError, throwOther, hang, secret, unknownType, notAnObject, noType
    }

    /// How the page answers a native call.
    enum NativeAnswer: CaseIterable {
        case value, undefined, error, unhandled
    }

    /// The engine's facts about a sender, as the table in ``Pages`` gives them.
    enum Sender: CaseIterable {
        /// The main frame, with the origin of the page it shows.
        case mainFrame
        case sameOriginSubFrame
        case crossOriginSubFrame
        /// A frame the engine cannot identify: a sub-frame without an origin (C8).
        case unidentified
        /// The main frame with an opaque or unknown origin.
        case opaqueMainFrame
        /// The main frame before its first navigation commits: no main document URL.
        case beforeCommit
        /// The main frame reporting the trusted origin whatever page it shows.
        case trustedOriginClaim
    }

    /// The pages a navigation commits; only the first is on the trusted surface over https.
    enum Page: CaseIterable {
        case trusted, offSurfacePath, cleartext, lookalike, aboutBlank, file
    }
}

/// Reads a program from the fuzzer's bytes.
struct ConnectionProgram {
    private var bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The steps, at most `limit` of them (each input is bounded).
    mutating func steps(limit: Int = 64) -> [ConnectionStep] {
        var steps: [ConnectionStep] = []
        while position < bytes.count, steps.count < limit {
            steps.append(step())
        }
        return steps
    }

    private mutating func step() -> ConnectionStep {
        switch byte() % 20 {
        case 0, 1, 2, 3, 4: .message(pick(), from: pick())
        case 5: .text(text(), from: pick())
        case 6: .navigate(to: pick())
        case 7: .close
        case 8: .webProcessDied
        case 9: .advanceClock(seconds: Double(byte() % 40))
        case 10: .emit(Int(byte() % 6))
        case 11: .nativeCall(deadline: Double(1 + byte() % 20))
        case 12, 13: .answerNativeCall(index: Int(byte() % 8), answer: pick(), from: pick(), twice: byte() % 4 == 0)
        case 14: .holdTokens(byte() % 2 == 0)
        case 15: .failRefreshes(byte() % 2 == 0)
        case 16: .logOut
        case 17: .holdHandlers(byte() % 2 == 0)
        default: .yield
        }
    }

    private mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    private mutating func pick<Choice: CaseIterable>() -> Choice {
        let all = Array(Choice.allCases)
        return all[Int(byte()) % all.count]
    }

    /// A length byte, then that many bytes as text (invalid UTF-8 repaired, as engines hand
    /// over strings).
    private mutating func text() -> String {
        let length = Int(byte())
        let start = min(position, bytes.count)
        let end = min(start + length, bytes.count)
        position = end
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
