import TodayBridge

/// Waits until `condition` holds, checking every 5 ms, for at most `seconds` (a bound on a wait
/// for another process or server, never a timing assertion). Returns whether it held.
package func eventually(within seconds: Double = 20, _ condition: () async -> Bool) async -> Bool {
    for _ in 0..<Int(seconds * 200) {
        if await condition() { return true }
        try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return await condition()
}

/// Whether `task` finishes within `seconds`; if not, it is cancelled and this returns at once, so
/// the caller cannot hang on a task that ignores its cancellation.
package func completes(within seconds: Double = 20, _ task: Task<Void, Never>) async -> Bool {
    let done = Locked(false)
    Task {
        await task.value
        done.withLock { $0 = true }
    }
    let finished = await eventually(within: seconds) { done.withLock { $0 } }
    if !finished { task.cancel() }
    return finished
}
