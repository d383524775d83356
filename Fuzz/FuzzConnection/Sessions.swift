import FuzzSupport
import Synchronization
import TodayBridge

/// The `establishSession` messages that may mint the session cookie (T4, S4): those from a sender
/// the policy trusts, less those that asked the token service while it held every request and
/// whose document ended before it let go (they cannot have had a token while their document was
/// current). Each message mints at most once, so the cookies minted never outnumber the messages
/// that may mint.
final class Sessions: Sendable {
    private struct State {
        var mayMint = 0
        /// Messages of the current document waiting for the token service since they were sent.
        var held = 0
        var minted = 0
    }

    private let state = Mutex(State())

    /// A message from a trusted sender; `held`: it waits for the token service, which holds.
    func sent(heldUntilItsDocumentEnds held: Bool) {
        state.withLock { state in
            state.mayMint += 1
            if held { state.held += 1 }
        }
    }

    /// The token service lets every request through: what waited may now get a token.
    func tokensReleased() {
        state.withLock { $0.held = 0 }
    }

    /// The current document ends (a navigation, a dead web process, a close): what still waits
    /// for a token will find its document gone.
    func documentEnds() {
        state.withLock { state in
            state.mayMint -= state.held
            state.held = 0
        }
    }

    /// The core stored a session cookie.
    func minted() {
        let (minted, mayMint) = state.withLock { state in
            state.minted += 1
            return (state.minted, state.mayMint)
        }
        Fuzz.check(
            minted <= mayMint, "T4 S1 S3 S4: \(minted) session cookies for \(mayMint) messages that may mint one")
    }
}
