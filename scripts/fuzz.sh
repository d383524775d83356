#!/bin/sh
# Runs one libFuzzer target (built by `make fuzz-build` into .build-fuzz) for SECONDS, over a
# writable copy of its committed corpus (Fuzz/Corpus/TARGET is only read), with its dictionary.
# Exits non-zero on a crash, a broken invariant, a leak, a timeout or running out of memory;
# the input is written to .build-fuzz/artifacts/ (add it to Fuzz/Corpus/TARGET with a test).
# Usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]
set -eu

target=$1
seconds=$2
shift 2
scratch=.build-fuzz
corpus=$scratch/corpus/$target
artifacts=$scratch/artifacts
mkdir -p "$corpus" "$artifacts"
cp Fuzz/Corpus/"$target"/* "$corpus"/

# libFuzzer reports the crash itself; Swift's backtracer would only slow it down.
# -detect_leaks=0: inputs that run async code end with more mallocs than frees (tasks and their
# allocators outlive the call), so libFuzzer would stop the world for a LeakSanitizer pass on most
# inputs, at 200 executions a second; growth across inputs is still caught by -rss_limit_mb.
SWIFT_BACKTRACE=enable=no exec "$scratch/release/$target" \
    -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=2048 -timeout=10 -detect_leaks=0 \
    -print_final_stats=1 -artifact_prefix="$artifacts/$target-" -dict="Fuzz/$target.dict" \
    "$@" "$corpus"
