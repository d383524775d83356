import CLibFuzzer
import Foundation
import Logging
import TodayBridge

/// Helpers shared by the libFuzzer targets (see `make fuzz`).
public enum Fuzz {
    /// Runs libFuzzer with the command line (`-max_total_time=60 corpus/` and so on) over `test`.
    public static func main(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        // The bridge logs every diagnostic; millions of inputs would spend their time writing them.
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, test))
    }

    /// The fuzzer's bytes as text; invalid UTF-8 is repaired, as every text API of the bridge
    /// takes a `String`.
    public static func text(_ start: UnsafePointer<UInt8>?, _ count: Int) -> String {
        guard let start, count > 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// Crashes, which libFuzzer records as a finding, when an invariant does not hold.
    public static func check(
        _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
    ) {
        if !condition { fatalError("invariant broken: \(message())", file: file, line: line) }
    }

    /// Runs `body` to completion from the fuzzer's synchronous entry point.
    public static func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let result = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            result.value = await body()
            done.signal()
        }
        done.wait()
        return result.value!
    }

    /// Whether `condition` comes to hold while other tasks run: yields first, then checks every
    /// millisecond, for at most 10 seconds in all (bounded; libFuzzer's own `-timeout` is 10 s
    /// an input, so a hang is reported either way).
    public static func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<1_000 {
            if condition() { return true }
            await Task.yield()
        }
        for _ in 0..<10_000 {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return condition()
    }

    /// The nesting depth of a value as `JSONLimits.maxDepth` counts it: a top-level container is 1.
    public static func depth(of value: JSONValue) -> Int {
        switch value {
        case .array(let elements): 1 + (elements.map(depth(of:)).max() ?? 0)
        case .object(let members): 1 + (members.values.map(depth(of:)).max() ?? 0)
        case .bytes: 1  // written as an object of one member (B2)
        case .null, .bool, .number, .string: 0
        }
    }
}

/// The value a task hands to the thread waiting for it.
private final class Outcome<T>: @unchecked Sendable {
    // @unchecked: written once by the task before it signals, read by the waiter after its wait.
    var value: T?
}
