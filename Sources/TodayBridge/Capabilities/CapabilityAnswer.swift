/// What a capability answers as its message arrives, on the thread that received it: its result
/// now, or nothing yet, the call then running as a task (``BuiltInCapability/answerAtOnce(_:context:)``).
package enum CapabilityAnswer: Sendable, Equatable {
    /// Answered now, without a task: the result, `nil` for `undefined`.
    case now(JSONValue?)
    /// Not now: the call runs as a task, under the in-flight limit and its deadline (C5).
    case later
}
