# The two commands: `make demo` and `make test`. Both install what they need.
SWIFT ?= swift
CLI = .build/debug/today-bridge

.PHONY: demo test bench deps docs doc-check swift-test web-test web-package web-package-check contract contract-check host-scripts inspector-screenshot clean \
	sanitize-thread sanitize-address fuzz fuzz-smoke fuzz-build android-test

demo: deps
	web/scripts/build.sh
	$(SWIFT) build --product today-bridge
	$(CLI) demo

test: deps web-test web-package-check swift-test android-test contract-check docs doc-check sanitize-thread sanitize-address fuzz-smoke

# Every benchmark, release build, ratios against baselines measured in the same run (BENCHMARKS.md).
bench: deps
	web/scripts/build.sh
	$(SWIFT) build -c release --product today-bridge
	$(SWIFT) build -c release --product TodayBridgeBenchmarks
	mkdir -p .build/release && cc -O2 -shared -fPIC scripts/bench/alloc-counter.c -o .build/release/alloc-counter.so -ldl
	LD_PRELOAD=$(CURDIR)/.build/release/alloc-counter.so .build/release/TodayBridgeBenchmarks 5000
	SWIFT=$(SWIFT) android/scripts/bench.sh 20000

deps:
	scripts/install-deps.sh

# DocC for every product, with the swift-docc-plugin (pulled in only here): a warning fails it.
# Only the library products are declared (TODAY_BRIDGE_TARGETS=docs: no CLI, demo or tests), in its own scratch path; the archives
# land in .build-docs/plugins/Swift-DocC/outputs/.
DOC_TARGETS = TodayBridge TodayBridgeWebKit TodayBridgeTesting TodayBridgePostHog TodayBridgeGTK TodayBridgeChromium TodayBridgeJNI
JAVA_HOME ?= /usr/lib/jvm/java-17-openjdk-amd64
DOC_HEADERS = $(subst $(eval) ,:,$(patsubst -I%,%,$(shell pkg-config --cflags-only-I webkitgtk-6.0)) $(JAVA_HOME)/include $(JAVA_HOME)/include/linux)
docs:
	CPATH=$(DOC_HEADERS) TODAY_BRIDGE_DOCS=1 TODAY_BRIDGE_TARGETS=docs $(SWIFT) package --scratch-path .build-docs --manifest-cache local \
		--disable-sandbox generate-documentation $(foreach target,$(DOC_TARGETS),--target $(target)) --warnings-as-errors

# The docs cannot drift from the code: every Markdown link resolves (scripts/check-doc-links.py),
# and the README's and the articles' Swift and TypeScript blocks compile against the built modules
# and the web SDK (scripts/check-doc-snippets.mjs; what they assume is in docs/snippets/).
doc-check:
	python3 scripts/check-doc-links.py
	$(SWIFT) build
	node scripts/check-doc-snippets.mjs

swift-test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The Android glue (Kotlin, android/bridge) against the mirror of Android's WebView API, with the
# Swift core's JNI library, in JUnit under -Xcheck:jni (android/scripts/test.sh).
android-test:
	SWIFT=$(SWIFT) android/scripts/test.sh

web-test:
	web/scripts/test.sh

# The web SDK as an npm package: web/dist/package/today-webview-bridge-<VERSION>.tgz, packed from a
# staged folder (web/scripts/package.mjs; the version is TodayBridge.version, generated as VERSION),
# and unpacked into web/dist/packed/, where the end-to-end, demo and bench pages load it from.
web-package:
	web/scripts/build.sh

# Installs the tarball into a scratch app offline, compiles a page against it (tsc, node16) and runs
# it against the fake host; checks the tarball's contents and version (web/scripts/check-package.mjs).
web-package-check: web-package
	node web/scripts/check-package.mjs

# The tests that keep an app's generated types the way an app does, with GeneratedTypeScript.check:
# the demo page's web/demo/demo-bridge.generated.ts and the docs' docs/snippets/app-bridge.generated.ts.
APP_TYPES_TESTS = TodayDemoTests|DocSnippetTypesTests

# Regenerates the web SDK's declarations from the Swift definitions (X6): the wire protocol and the
# host scripts' configurations, and the conformance kit's fixture; then the demo's and the docs'
# types, by running their checks with TODAY_BRIDGE_WRITE_TYPES=1.
contract:
	$(SWIFT) build --product today-bridge
	$(CLI) contract > web/src/protocol.generated.ts
	$(CLI) contract --host-configurations > web/src/host/configurations.generated.ts
	$(CLI) contract --conformance-fixture > web/src/conformance/fixture.generated.ts
	$(SWIFT) build --build-tests
	TODAY_BRIDGE_WRITE_TYPES=1 $(SWIFT) test --skip-build --filter '$(APP_TYPES_TESTS)'

# Fails when the committed declarations (the demo's and the docs' too) differ from a fresh
# rendering (X6), or the Swift files embedding the host scripts and the inspector differ from the
# built web/src/host/ and web/src/inspector/ (`make host-scripts`).
contract-check:
	$(SWIFT) build --product today-bridge
	$(CLI) contract | diff -u web/src/protocol.generated.ts - \
		|| { echo "web/src/protocol.generated.ts is stale: run 'make contract'"; exit 1; }
	$(CLI) contract --host-configurations | diff -u web/src/host/configurations.generated.ts - \
		|| { echo "web/src/host/configurations.generated.ts is stale: run 'make contract'"; exit 1; }
	$(CLI) contract --conformance-fixture | diff -u web/src/conformance/fixture.generated.ts - \
		|| { echo "web/src/conformance/fixture.generated.ts is stale: run 'make contract'"; exit 1; }
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter '$(APP_TYPES_TESTS)'
	web/scripts/build.sh
	node web/scripts/host-scripts.mjs check

# Builds the scripts hosts inject (web/src/host/) and the traffic inspector's page (web/src/inspector/)
# and embeds them into the Swift sources (HostScripts.generated.swift, WebKitGTKScripts.generated.swift,
# ChromiumScripts.generated.swift, InspectorScripts.generated.swift).
host-scripts:
	web/scripts/build.sh
	node web/scripts/host-scripts.mjs write

# The README's picture of the traffic inspector (docs/inspector.png): a real recording of the
# end-to-end inspector page, rendered by `today-bridge inspect`, shot in headless Chromium.
inspector-screenshot: deps
	scripts/inspector-screenshot.sh

# The core and transport suites (TodayBridgeTests, TodayBridgeWebKitTests) under ThreadSanitizer and
# AddressSanitizer. TODAY_BRIDGE_TARGETS=core leaves the Linux engines and the CLI out of the
# manifest (see Package.swift), so nothing else is built; each sanitizer has its own scratch path,
# and `--manifest-cache local` keeps each set's manifest evaluation there, apart from `.build`'s.
# A report fails the run; no suppressions are needed. SWIFT_BACKTRACE=enable=no: after a sanitizer
# report Swift's backtracer can spin instead of exiting (seen under ASan).
# detect_leaks=0: LeakSanitizer's check at exit is not a memory-safety check, and here its roots are
# Swift weak-reference side tables (Broadcast.subscribe's `[weak self]`), whose address Swift keeps
# encoded in the object's reference count where LSan cannot see it, and XCTest's own runner objects.
SANITIZE = TODAY_BRIDGE_TARGETS=core SWIFT_BACKTRACE=enable=no $(SWIFT)
sanitize-thread:
	$(SANITIZE) build --build-tests --sanitize=thread --scratch-path .build-tsan --manifest-cache local
	TSAN_OPTIONS="halt_on_error=1" \
		$(SANITIZE) test --skip-build --sanitize=thread --scratch-path .build-tsan --manifest-cache local

sanitize-address:
	$(SANITIZE) build --build-tests --sanitize=address --scratch-path .build-asan --manifest-cache local
	ASAN_OPTIONS="detect_leaks=0 halt_on_error=1" \
		$(SANITIZE) test --skip-build --sanitize=address --scratch-path .build-asan --manifest-cache local

# libFuzzer targets in Fuzz/ (README, "Fuzzing and sanitizers"), built with AddressSanitizer into .build-fuzz.
# `make fuzz` runs each for FUZZ_SECONDS and then reports; `make fuzz-smoke` (part of `make test`)
# runs each for FUZZ_SMOKE_SECONDS, replaying the committed corpus first. Both fail on a finding,
# saved in .build-fuzz/artifacts/.
FUZZ_TARGETS = FuzzJSON FuzzOriginRule FuzzTrackEvent
FUZZ_SECONDS ?= 600
FUZZ_SMOKE_SECONDS ?= 20

fuzz-build:
	for target in $(FUZZ_TARGETS); do \
		TODAY_BRIDGE_TARGETS=fuzz $(SWIFT) build -c release --scratch-path .build-fuzz --manifest-cache local \
			-Xswiftc -sanitize=fuzzer,address --product $$target || exit 1; \
	done

fuzz: fuzz-build
	status=0; for target in $(FUZZ_TARGETS); do scripts/fuzz.sh $$target $(FUZZ_SECONDS) || status=1; done; exit $$status

fuzz-smoke: fuzz-build
	for target in $(FUZZ_TARGETS); do scripts/fuzz.sh $$target $(FUZZ_SMOKE_SECONDS) || exit 1; done

clean:
	rm -rf .build .build-tsan .build-asan .build-fuzz .build-core .build-docs web/dist
