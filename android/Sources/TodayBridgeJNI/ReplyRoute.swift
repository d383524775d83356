import CJNI
import Synchronization
import TodayBridge

/// Where one request's answer goes: the frame's `JavaScriptReplyProxy`, passed to
/// `NativeBridge.receive`. Most answers come while the native method runs, on its thread or
/// another: the method returns them, and the glue posts them (no call back into Java). Only an
/// answer still owed when the method returns makes the route a global reference, for the thread
/// that answers later (`NativeHost.reply`). Either way the answer goes out exactly once.
final class ReplyRoute: Sendable {
    private enum State {
        /// The native method runs.
        case inCall
        /// Answered while the method ran: the method returns it.
        case answered(AttachedJSON)
        /// The method returned without an answer: the route is held for the thread that answers.
        case later(JavaObject)
        case done
    }

    private let host: HostChannel
    private let state = Mutex(State.inCall)

    init(host: HostChannel) {
        self.host = host
    }

    /// The answer, from whichever thread gives it.
    func answer(_ reply: AttachedJSON) {
        let held: JavaObject? = state.withLock { state in
            switch state {
            case .inCall:
                state = .answered(reply)
                return nil
            case .later(let held):
                state = .done
                return held
            case .answered, .done:
                return nil
            }
        }
        // `held` stays alive, its global reference with it, until the reply is out.
        guard let held, let jni = JNI.current else { return }
        host.reply(reply.text, attachments: reply.attachments, to: held.reference, in: jni)
    }

    /// The native method is returning with `route`, its local reference to the reply proxy:
    /// returns the answer given meanwhile, or holds the route for an answer to come.
    func callReturns(route: jobject, in jni: JNI) -> AttachedJSON? {
        state.withLock { state in
            switch state {
            case .answered(let reply):
                state = .done
                return reply
            case .inCall:
                if let held = JavaObject(route, in: jni) { state = .later(held) }
                return nil
            case .later, .done:
                return nil
            }
        }
    }
}
