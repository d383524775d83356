import CJNI
import TodayBridge

/// Where one request's answer goes: the frame's `JavaScriptReplyProxy`, passed to
/// `NativeBridge.receive`. Most answers come at once, on the calling thread, before the native
/// method returns: they go out through the method's own local reference. Only an answer still
/// owed when the method returns makes the route a global reference, for the thread that answers
/// later. Either way the answer goes out exactly once.
final class ReplyRoute: Sendable {
    private enum State {
        /// The native method runs; its local reference is the route.
        case inCall
        /// Another thread answered while the method ran: the method delivers it before returning.
        case answered(String)
        /// The method returned without an answer: the route is held for the thread that answers.
        case later(JavaObject)
        case done
    }

    private nonisolated(unsafe) let local: jobject
    private let host: HostChannel
    private let callingThread: UInt
    private let state = Locked(State.inCall)

    init(_ route: jobject, host: HostChannel, in jni: JNI) {
        local = route
        self.host = host
        callingThread = UInt(cjni_thread())
    }

    /// How an answer leaves: through the calling method's local reference, or the held one.
    private enum Delivery {
        case local
        case held(JavaObject)
    }

    /// The answer, from whichever thread gives it.
    func answer(_ reply: String) {
        let onCallingThread = UInt(cjni_thread()) == callingThread
        let delivery: Delivery? = state.withLock { state in
            switch state {
            case .inCall:
                guard onCallingThread else {
                    state = .answered(reply)
                    return nil
                }
                state = .done
                return .local
            case .later(let held):
                state = .done
                return .held(held)
            case .answered, .done:
                return nil
            }
        }
        guard let delivery, let jni = JNI.current else { return }
        switch delivery {
        case .local: host.reply(reply, to: local, in: jni)
        // `held` stays alive, its global reference with it, until the reply is out.
        case .held(let held): host.reply(reply, to: held.reference, in: jni)
        }
    }

    /// The native method is returning: delivers what another thread answered meanwhile, or holds
    /// the route for an answer to come.
    func callReturns(in jni: JNI) {
        let pending: String? = state.withLock { state in
            switch state {
            case .answered(let reply):
                state = .done
                return reply
            case .inCall:
                if let held = JavaObject(local, in: jni) { state = .later(held) }
                return nil
            case .later, .done:
                return nil
            }
        }
        if let pending { host.reply(pending, to: local, in: jni) }
    }
}
