import FuzzSupport

// Property fuzzing of a connection (C5, S1, S3, S4, T4, X4, X7): the input is a program of page
// messages from any sender (main frame or not, any origin, cleartext, opaque, before the first
// commit), navigations, closes, dead web processes, clock advances, native events and calls and
// the page's answers to them (twice, late, for ids it never got), token services that hold, fail
// or log out, and handlers that hang; the invariants are checked after every step and at the end
// (ConnectionHarness). A finding is kept in Fuzz/Corpus/FuzzConnection/ as a regression.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConnection(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var program = ConnectionProgram(start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    let steps = program.steps()
    Fuzz.runBlocking {
        let harness = ConnectionHarness()
        for step in steps { await harness.run(step) }
        await harness.finish()
    }
    return 0
}

// Last: top-level code runs in order, and this call never returns.
Fuzz.main(fuzzConnection)
