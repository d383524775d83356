# The two commands: `make demo` and `make test`. Both install what they need.
SWIFT ?= swift
CLI = .build/debug/today-bridge

.PHONY: demo test bench deps swift-test web-test contract contract-check clean

demo: deps
	web/scripts/build.sh
	$(SWIFT) build --product today-bridge
	$(CLI) demo

test: deps web-test swift-test contract-check

# Every benchmark, release build, ratios against baselines measured in the same run (BENCHMARKS.md).
bench: deps
	web/scripts/build.sh
	$(SWIFT) build -c release --product today-bridge
	$(SWIFT) build -c release --product TodayBridgeBenchmarks
	mkdir -p .build/release && cc -O2 -shared -fPIC scripts/bench/alloc-counter.c -o .build/release/alloc-counter.so -ldl
	LD_PRELOAD=$(CURDIR)/.build/release/alloc-counter.so .build/release/TodayBridgeBenchmarks 5000

deps:
	scripts/install-deps.sh

swift-test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

web-test:
	web/scripts/test.sh

# Regenerates the web SDK's declarations from the Swift definitions (X6).
contract:
	$(SWIFT) build --product today-bridge
	$(CLI) contract > web/src/protocol.generated.ts

# Fails when the committed declarations differ from a fresh rendering (X6).
contract-check:
	$(SWIFT) build --product today-bridge
	$(CLI) contract | diff -u web/src/protocol.generated.ts - \
		|| { echo "web/src/protocol.generated.ts is stale: run 'make contract'"; exit 1; }

clean:
	rm -rf .build web/dist
