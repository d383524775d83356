import Foundation
import FuzzSupport
import Synchronization
import TodayBridge

/// Every page message the program sent and the replies it got, checked as each reply comes (C5,
/// S1, S3, S4) and at the end (every message answered exactly once).
final class ReplyLog: Sendable {
    private struct Entry {
        var step: String
        var mayHoldCredential: Bool
        var replies = 0
    }

    private struct State {
        var entries: [Entry] = []
        /// The thread running a navigation, a close or a dead web process, while it runs: replies
        /// it gives synchronously are the settlements of the calls it ends.
        var lifecycleThread: pthread_t?
    }

    private let state = Mutex(State())

    /// Registers a message; `mayHoldCredential` is the harness's own reading of the policy.
    func expect(_ step: String, mayHoldCredential: Bool) -> Int {
        state.withLock { state in
            state.entries.append(Entry(step: step, mayHoldCredential: mayHoldCredential))
            return state.entries.count - 1
        }
    }

    /// The reply function for message `index`.
    func reply(to index: Int) -> @Sendable (BridgeReply) -> Void {
        { reply in self.record(reply, for: index) }
    }

    private func record(_ reply: BridgeReply, for index: Int) {
        let (entry, settledByLifecycle) = state.withLock { state in
            state.entries[index].replies += 1
            return (state.entries[index], state.lifecycleThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false)
        }
        Fuzz.check(entry.replies == 1, "C5: \(entry.step) was answered \(entry.replies) times")
        guard Self.holdsCredential(reply) else { return }
        Fuzz.check(entry.mayHoldCredential, "S1 S3: \(entry.step) got a credential: \(reply)")
        Fuzz.check(!settledByLifecycle, "S4: \(entry.step), settled by its document's end, got a credential: \(reply)")
    }

    /// Runs a navigation, a close or a dead web process, telling its settlements apart.
    func lifecycle<T>(_ body: () -> T) -> T {
        state.withLock { $0.lifecycleThread = pthread_self() }
        defer { state.withLock { $0.lifecycleThread = nil } }
        return body()
    }

    /// How many replies message `index` has had.
    func replies(to index: Int) -> Int {
        state.withLock { $0.entries[index].replies }
    }

    /// The messages not answered yet.
    var unanswered: [String] {
        state.withLock { $0.entries.filter { $0.replies == 0 }.map(\.step) }
    }

    /// A reply that carries a token: an `Authorization` value, a refreshed token, a secret.
    static func holdsCredential(_ reply: BridgeReply) -> Bool {
        guard case .value(let value?) = reply else { return false }
        return value.jsonString.contains(FuzzTokens.prefix)
    }
}
