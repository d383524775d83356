#!/bin/sh
# Runs a command, and once more when it was ended by a signal (exit status above 128). For Swift
# Build (`swift build --build-system swiftbuild`, Swift 6.3.1), which now and then crashes in its
# own scheduler (SIGSEGV in AsyncOperationQueue.signalCompletion) before it builds anything of
# ours; a second run goes on from where it stopped. A build error (status 1) is not retried.
"$@" && exit 0
status=$?
[ "$status" -gt 128 ] || exit "$status"
echo "retry-on-crash: $1 was ended by signal $((status - 128)); running it once more" >&2
exec "$@"
