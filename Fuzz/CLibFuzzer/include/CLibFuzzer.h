// libFuzzer's driver, from the toolchain's libclang_rt.fuzzer (linked by `-sanitize=fuzzer`).
//
// SwiftPM renames an executable's entry point (`<Target>_main`) and points `main` at it, so
// libFuzzer's own `main` is never linked; each fuzz target's main.swift hands its
// `LLVMFuzzerTestOneInput` to this driver instead, with the command line, and libFuzzer runs as usual.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
