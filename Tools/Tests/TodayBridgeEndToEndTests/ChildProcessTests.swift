import Foundation
import Testing
import ToolSupport

/// The tests' own child processes end when told to, so that no suite waits on one forever.
@Suite("ChildProcess: a kill is certain and every wait is bounded")
struct ChildProcessTests {
    @Test("A kill reaches a child that stopped reading while a write to it waits for room")
    func killDuringBlockedWrite() async {
        let child = ChildProcess(executable: "/bin/sleep", arguments: ["600"]) { _ in }
        // 8 MiB is far more than a pipe holds: the write waits as long as the child lives.
        child.write(Array(repeating: String(repeating: "x", count: 1023), count: 8192))
        #expect(await eventually(within: 20) { child.processIdentifier != nil })
        child.kill()
        #expect(await child.waitForExit(within: 60) == 128 + SIGKILL)
    }

    @Test("waitForExit returns nil once its bound passes, and the child is killed")
    func boundedWait() async {
        let child = ChildProcess(executable: "/bin/sleep", arguments: ["600"]) { _ in }
        #expect(await child.waitForExit(within: 0.5) == nil)
        #expect(await child.waitForExit(within: 30) == 128 + SIGKILL)
    }

    @Test("completes(within:) returns at its bound even when the task ignores its cancellation")
    func completesIsBounded() async {
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let inner = Task { for await _ in gate {} }
        // Awaiting another task's value does not answer cancellation: this task ends only with the gate.
        let stubborn = Task { await inner.value }
        #expect(await completes(within: 0.2, stubborn) == false)
        open.finish()
        await stubborn.value
    }
}
