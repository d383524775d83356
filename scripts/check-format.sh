#!/bin/sh
# The Swift sources in one format: `swift format` (the toolchain's) with the repository's
# .swift-format, over every tracked Swift file but the generated ones (`*.generated.swift`, whose
# generator writes them as they are). `make test` runs it: a file out of format fails, naming the
# line. `make format` (scripts/check-format.sh --write) formats them in place.
set -eu
cd "$(dirname "$0")/.."
files=$(git ls-files '*.swift' | grep -v '\.generated\.swift$')
if [ "${1:-}" = "--write" ]; then
    # shellcheck disable=SC2086 # one word per file
    swift format format --in-place --parallel $files
    exit 0
fi
# shellcheck disable=SC2086 # one word per file
if ! swift format lint --strict --parallel $files; then
    echo "check-format: the files above are out of format: run 'make format'" >&2
    exit 1
fi
echo "check-format: $(echo "$files" | wc -l) Swift files in format (.swift-format)"
