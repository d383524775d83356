import FuzzSupport
import Synchronization
import TodayBridge

/// Where the harness's services wait while the program holds them: a refresh or a capability's
/// handler that "hangs" until a step opens the gate, or until its task is cancelled.
final class Gate: Sendable {
    private struct State {
        var isHolding = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// From now on, every ``pass()`` waits.
    func hold() {
        state.withLock { $0.isHolding = true }
    }

    /// Lets every waiter through, and those that come later.
    func open() {
        let waiting = state.withLock { state in
            state.isHolding = false
            defer { state.waiting = [] }
            return state.waiting
        }
        for waiter in waiting { waiter.resume() }
    }

    /// Waits while the gate is held.
    func pass() async {
        await withCheckedContinuation { continuation in
            let waits = state.withLock { state in
                if state.isHolding { state.waiting.append(continuation) }
                return state.isHolding
            }
            if !waits { continuation.resume() }
        }
    }
}
