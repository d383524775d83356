/// A call waiting for its answer in ``ConnectionState``: when it is due, what the connection needs
/// to settle it, and the task answering it (a page call's handler; none for a native call).
package struct PendingCall<Work: Sendable>: Sendable {
    package let deadline: BridgeInstant
    package let work: Work
    package var task: Task<Void, Never>?

    package init(deadline: BridgeInstant, work: Work, task: Task<Void, Never>? = nil) {
        self.deadline = deadline
        self.work = work
        self.task = task
    }
}

extension PendingCall where Work == PageCall {
    /// Stops the call's handler and settles the call with `error` (C5).
    func fail(_ error: BridgeError) {
        task?.cancel()
        work.fail(error)
    }
}
