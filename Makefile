# The two commands: `make demo` and `make test`. Both install what they need.
#
# Each build runs once per configuration, when what it reads changed: its stamp file (`.built`
# in its scratch folder) is the target, the sources it compiles are the prerequisites.
#   .build         the libraries and their unit tests (the root package), debug
#   Tools/.build   the tools package (Tools/): the CLI, the page host, the demo backend, the
#                  benchmarks and the suites that need them, with the libraries and the JNI
#                  library (android/), debug
#   .build-tsan    the root package under ThreadSanitizer;  .build-asan  under AddressSanitizer
#   .build-fuzz    the fuzz package (Fuzz/), release, libFuzzer and AddressSanitizer
#   .build-jni-static  the JNI library (android/), release, its Swift runtime static
#   Tools/.build/android-host  the JVM host of `today-bridge open --engine android`: the emulation
#                  of Android's WebView API (android/emulation), the Kotlin glue and the app side
#                  (android/host), one jar
#   web/dist       the web SDK, its package, the scripts hosts inject and the conformance kit's
#                  pages, built once
#   Tools/inspector/dist  the traffic inspector's page (Tools/inspector/), built once
#   .build/out     the WebKitGTK web process extension (C), built with Swift Build; placed in
#                  Tools/.build/<configuration>/TodayBridgeGTKWebProcessExtension/
# WERROR=1 (CI) makes a warning in this project's own Swift an error; dependencies keep theirs.
SWIFT ?= swift
WERROR ?=
SWIFT_FLAGS = $(if $(filter 1,$(WERROR)),-Xswiftc -warnings-as-errors)
TOOLS = --package-path Tools
CLI = Tools/.build/debug/today-bridge
# Where <jni.h> is on Linux, for builds of the JNI library (android/).
JNI_FLAGS := $(shell scripts/jni-flags.sh)
GENERATE = Tools/.build/debug/today-bridge-generate

# A build's prerequisites: its sources and their folders (a folder changes when a file is added or removed).
sources = $(shell find $(1) -path '*/.build' -prune -o \( -type d -o -name '*.swift' -o -name '*.[ch]' -o -name '*.modulemap' \) -print)
LIBRARY_SOURCES := Package.swift $(call sources,Sources Tests)
TOOLS_SOURCES := $(LIBRARY_SOURCES) $(call sources,Tools/Package.swift Tools/Sources Tools/Tests android/Package.swift android/Sources)
FUZZ_SOURCES := $(LIBRARY_SOURCES) $(call sources,Fuzz)
ANDROID_HOST_SOURCES := $(shell find android/emulation android/bridge/src android/host \( -type d -o -type f \) -print) android/scripts/build-host.sh
EXTENSION = TodayBridgeGTKWebProcessExtension
EXTENSION_SOURCES := Package.swift Sources/CWebKitGTK/sealed_file.h $(call sources,Sources/$(EXTENSION) Sources/CWebKitGTKWebProcessExtension)
# Where the tools find it: next to their executables.
EXTENSION_MODULE = Tools/.build/debug/$(EXTENSION)/lib$(EXTENSION).so
WEB_SOURCES := $(shell find web -path web/dist -prune -o -path web/node_modules -prune -o -type f -print)
# The inspector's build uses the web SDK's compiler options, Node declarations and bundler.
INSPECTOR_SOURCES := $(shell find Tools/inspector -path Tools/inspector/dist -prune -o -type f -print) \
	web/tsconfig.json web/test/node.d.ts web/scripts/bundle-host-scripts.mjs web/scripts/bundle-modules.mjs

.PHONY: demo test bench soak deps format format-check docs doc-check app-resolution-check unit-test tools-test web-test inspector-test web-package web-package-check package-metadata-check android-host android-test jni-library-check android-publication-check \
	generate generate-check inspector-screenshot sanitize-thread sanitize-address fuzz fuzz-smoke clean

# `make demo`: the demo app in WebKitGTK against a local backend (README, "Try it").
demo: deps web/dist/.built Tools/.build/debug/.built $(EXTENSION_MODULE)
	$(CLI) demo

# `make test`: every suite, check and drift check below; what CI runs (.ci/run).
test: deps format-check web-test inspector-test web-package-check package-metadata-check unit-test tools-test android-test jni-library-check android-publication-check generate-check docs doc-check \
	app-resolution-check sanitize-thread sanitize-address fuzz-smoke

deps:
	scripts/install-deps.sh

# --- Builds ---

web/dist/.built: $(WEB_SOURCES) LICENSE
	web/scripts/build.sh
	touch $@

Tools/inspector/dist/.built: $(INSPECTOR_SOURCES)
	Tools/inspector/build.sh
	touch $@

.build/debug/.built: $(LIBRARY_SOURCES)
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	touch $@

Tools/.build/debug/.built: $(TOOLS_SOURCES)
	$(SWIFT) build $(TOOLS) --build-tests $(SWIFT_FLAGS)
	$(SWIFT) build $(TOOLS) --product TodayBridgeJNI $(JNI_FLAGS) $(SWIFT_FLAGS)
	touch $@

# The JVM host `today-bridge open --engine android` starts (android/scripts/build-host.sh); it loads
# the JNI library of the tools' build it runs with.
android-host: Tools/.build/android-host/.built

Tools/.build/android-host/.built: $(ANDROID_HOST_SOURCES)
	android/scripts/build-host.sh Tools/.build/android-host
	touch $@

# The WebKitGTK web process extension (C, TodayBridgeGTKWebProcessExtension), which WebKit loads
# into its web processes: built with Swift Build, which links a library of C targets with clang
# (SwiftPM's native build links every product with swiftc, which adds the Swift runtime); placed
# alone in the directory the tools look in, next to their executables (WebKit loads every module
# of that directory); checked to need nothing the web process sandbox cannot read.
Tools/.build/debug/$(EXTENSION)/lib$(EXTENSION).so Tools/.build/release/$(EXTENSION)/lib$(EXTENSION).so: \
		Tools/.build/%/$(EXTENSION)/lib$(EXTENSION).so: $(EXTENSION_SOURCES) | Tools/.build/%/.built
	scripts/retry-on-crash.sh $(SWIFT) build --build-system swiftbuild -c $* --product $(EXTENSION)
	install -D "$$($(SWIFT) build --build-system swiftbuild -c $* --product $(EXTENSION) --show-bin-path)/lib$(EXTENSION).so" $@
	scripts/check-web-process-extension.sh $@

# The same module beside the root package's suites (the WKWebView adapter's, over WebKitGTK).
.build/debug/$(EXTENSION)/lib$(EXTENSION).so: $(EXTENSION_SOURCES) | .build/debug/.built
	scripts/retry-on-crash.sh $(SWIFT) build --build-system swiftbuild --product $(EXTENSION)
	install -D "$$($(SWIFT) build --build-system swiftbuild --product $(EXTENSION) --show-bin-path)/lib$(EXTENSION).so" $@
	scripts/check-web-process-extension.sh $@

# --- Suites ---

# The web SDK's, the host scripts' and the conformance kit's unit tests, on Node's test runner.
web-test: web/dist/.built
	node --test web/dist/esm/test/

# The traffic inspector page's unit tests, on Node's test runner.
inspector-test: Tools/inspector/dist/.built
	node --test Tools/inspector/dist/esm/test/

# The web SDK as an npm package (web/dist/package/today-webview-bridge-<VERSION>.tgz, VERSION being
# TodayBridge.version), unpacked into web/dist/packed/, where the end-to-end, demo and bench pages
# load it from.
web-package: web/dist/.built

# Installs the tarball into a scratch app offline, compiles a page against it (tsc, node16) and runs
# it against the fake host; checks the tarball's contents and version (web/scripts/check-package.mjs).
web-package-check: web/dist/.built
	node web/scripts/check-package.mjs

# What adopters of the three packages read first (scripts/check-packages.py, a second): the
# licence (LICENSE, MIT) named by the README, the Swift manifest, the npm package and the Android
# publication; the README's `.package`/`.product` lines, `.spi.yml`, the CHANGELOG's Keep a
# Changelog form, RELEASING.md; the npm tarball's metadata (repository, homepage, bugs, keywords,
# engines) and its README, the users' one, every relative link of which names a file it holds.
package-metadata-check: web/dist/.built
	python3 scripts/check-packages.py

# The libraries' unit suites: the core, the PostHog sink, and the WKWebView adapter over WebKit's
# API emulated on WebKitGTK (a real engine on Xvfb, with the web process extension next to the
# suite's executable, where the emulation looks for it).
unit-test: .build/debug/.built .build/debug/$(EXTENSION)/lib$(EXTENSION).so
	xvfb-run -a $(SWIFT) test --skip-build

# The suites that need the tools: the contract and hostile pages end to end in WebKitGTK and on
# Android (the Android library in the JVM host over the emulation of Android's WebView on
# Chromium), PostHog delivery against the capture server (kill -9, a full disk), the demo's types.
# The process-lifetime suite runs alone, after the others: it times how fast a host's processes
# go, which the other suites' engines running at the same time would slow down.
tools-test: web/dist/.built Tools/.build/debug/.built Tools/.build/android-host/.built $(EXTENSION_MODULE)
	scripts/install-posthog-python.sh >/dev/null
	$(SWIFT) test $(TOOLS) --skip-build --skip ProcessLifetimeEndToEndTests
	$(SWIFT) test $(TOOLS) --skip-build --filter ProcessLifetimeEndToEndTests

# The Android glue (Kotlin, android/bridge) over the emulation of Android's WebView API (a real
# Chromium, from the JVM host's build), with the Swift core's JNI library (android/, built with the
# tools), in JUnit under -Xcheck:jni (android/scripts/test.sh).
android-test: Tools/.build/debug/.built Tools/.build/android-host/.built
	android/scripts/test.sh

# The JNI library as an app ships it, its Swift runtime static (release, for Linux here): no ICU,
# nothing of Swift's needed at run time, and under a size bound (scripts/check-jni-library.sh).
jni-library-check:
	scripts/check-jni-library.sh

# The Android library's Maven publication (android/scripts/check-publication.py, a few seconds):
# the coordinates and dependencies bridge/build.gradle.kts publishes, its version TodayBridge.version
# (as today-bridge --version prints it), the POM Gradle writes for them, and Maven resolving it
# offline from a repository laid out as Gradle publishes (Gradle itself runs in the Android workflow).
android-publication-check: Tools/.build/debug/.built
	scripts/install-deps.sh maven python3
	android/scripts/check-publication.py --cli $(CLI)

# The libraries' unit suites (unit-test's, but the WKWebView adapter's and the GTK adapter's
# shared-content-manager test, which need WebKitGTK's processes and a display) under
# ThreadSanitizer and AddressSanitizer. A report fails the run; no
# suppressions are needed. SWIFT_BACKTRACE=enable=no: after a sanitizer report Swift's backtracer
# can spin instead of exiting (seen under ASan). detect_leaks=0: LeakSanitizer's check at exit is
# not a memory-safety check, and here its roots are Swift weak-reference side tables
# (Broadcast.subscribe's `[weak self]`), whose address Swift keeps encoded in the object's
# reference count where LSan cannot see it, and XCTest's own runner objects.
sanitize-thread: .build-tsan/.built
	TSAN_OPTIONS="halt_on_error=1" SWIFT_BACKTRACE=enable=no $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --skip TodayBridgeWebKitTests --skip SharedContentManagerTests

sanitize-address: .build-asan/.built
	ASAN_OPTIONS="detect_leaks=0 halt_on_error=1" SWIFT_BACKTRACE=enable=no $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --skip TodayBridgeWebKitTests --skip SharedContentManagerTests

.build-tsan/.built .build-asan/.built: .build-%/.built: $(LIBRARY_SOURCES)
	$(SWIFT) build --build-tests --sanitize=$(if $(filter tsan,$*),thread,address) --scratch-path .build-$* $(SWIFT_FLAGS)
	touch $@

# libFuzzer targets (Fuzz/, README "Fuzzing and sanitizers"). `make fuzz` runs each for
# FUZZ_SECONDS and then reports, then the JNI programs below; `make fuzz-smoke` (part of `make test`) runs each for
# FUZZ_SMOKE_SECONDS, replaying the committed corpus first. Both fail on a finding, saved in
# .build-fuzz/artifacts/.
FUZZ_TARGETS = FuzzConnection FuzzFoundationValue FuzzJSON FuzzOriginRule FuzzRelayedText FuzzStringTransport FuzzTrackEvent
FUZZ_SECONDS ?= 600
FUZZ_SMOKE_SECONDS ?= 20
# The JNI exports under random programs (android/tests/.../NativeBridgeFuzzTest.kt): `make test`
# runs three short ones in android-test; `make fuzz` these.
JNI_FUZZ_PROGRAMS ?= 20
JNI_FUZZ_OPERATIONS ?= 50000

.build-fuzz/.built: $(FUZZ_SOURCES)
	$(SWIFT) build --package-path Fuzz -c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address $(SWIFT_FLAGS)
	touch $@

fuzz: .build-fuzz/.built Tools/.build/debug/.built Tools/.build/android-host/.built
	status=0; for target in $(FUZZ_TARGETS); do scripts/fuzz.sh $$target $(FUZZ_SECONDS) || status=1; done; \
	TODAY_JNI_FUZZ_PROGRAMS=$(JNI_FUZZ_PROGRAMS) TODAY_JNI_FUZZ_OPERATIONS=$(JNI_FUZZ_OPERATIONS) android/scripts/test.sh || status=1; exit $$status

fuzz-smoke: .build-fuzz/.built
	for target in $(FUZZ_TARGETS); do scripts/fuzz.sh $$target $(FUZZ_SMOKE_SECONDS) || exit 1; done

# --- Generated files and their drift checks (X6) ---

# Every generated file, by one generator (`today-bridge-generate`, Tools/Sources/TodayBridgeGenerator),
# in order (ARCHITECTURE.md lists each file, its source and its check):
#   1. from the Swift definitions: the TypeScript the web SDK, the host scripts, the conformance
#      kit and the inspector compile against, and the Android glue's Kotlin (`declarations`);
#   2. the web SDK, the host scripts, the conformance pages and the inspector's page, built;
#   3. the built scripts embedded into the Swift sources and the emulation's Java (`embed`), and
#      the libraries and tools rebuilt with them;
#   4. the demo's and the docs' types, by running their checks with TODAY_BRIDGE_WRITE_TYPES=1, as
#      an app regenerates its own.
generate: Tools/.build/debug/.built .build/debug/.built
	$(GENERATE) declarations
	$(MAKE) web/dist/.built Tools/inspector/dist/.built
	$(GENERATE) embed
	$(MAKE) .build/debug/.built Tools/.build/debug/.built
	TODAY_BRIDGE_WRITE_TYPES=1 $(SWIFT) test --skip-build --filter DocSnippetTypesTests
	TODAY_BRIDGE_WRITE_TYPES=1 $(SWIFT) test $(TOOLS) --skip-build --filter TodayDemoTests

# Fails when a committed file of steps 1 and 3 differs from a fresh rendering, naming it. The
# demo's and the docs' types are checked by their suites (TodayDemoTests in tools-test,
# DocSnippetTypesTests in unit-test).
generate-check: Tools/.build/debug/.built web/dist/.built Tools/inspector/dist/.built
	$(GENERATE) --check

# An app that depends on this package by version resolves this package and swift-log, nothing
# else: with `TodayBridge` alone, and with the WebKitGTK adapter (scripts/check-app-resolution.sh).
app-resolution-check:
	scripts/check-app-resolution.sh

# --- Format ---

# Every hand-written Swift file in the format .swift-format describes (`swift format`, from the
# toolchain; generated files are left as their generator writes them): scripts/check-format.sh.
format-check:
	scripts/check-format.sh

format:
	scripts/check-format.sh --write

# --- Docs ---

# DocC for every library product, with the toolchain's docc (scripts/docs.sh): a warning fails it.
# The archives land in .build/docs/.
docs: .build/debug/.built
	scripts/docs.sh

# The docs cannot drift from the code: every Markdown link resolves (scripts/check-doc-links.py),
# and the README's and the articles' Swift and TypeScript blocks compile against the built modules
# and the web SDK (scripts/check-doc-snippets.mjs; what they assume is in docs/snippets/).
doc-check: .build/debug/.built web/dist/.built
	python3 scripts/check-doc-links.py
	node scripts/check-doc-snippets.mjs

# The README's picture of the traffic inspector (docs/inspector.png): a real recording of the
# end-to-end inspector page, rendered by `today-bridge inspect`, shot in headless Chromium.
inspector-screenshot: deps web/dist/.built Tools/.build/debug/.built
	scripts/inspector-screenshot.sh

# --- Benchmarks ---

# Every benchmark, release build, ratios against baselines measured in the same run (BENCHMARKS.md).
bench: deps web/dist/.built Tools/.build/android-host/.built
	$(SWIFT) build $(TOOLS) -c release --product today-bridge
	$(SWIFT) build $(TOOLS) -c release --product TodayBridgeBenchmarks
	$(SWIFT) build $(TOOLS) -c release --product TodayBridgeJNI $(JNI_FLAGS)
	touch Tools/.build/release/.built
	$(MAKE) Tools/.build/release/$(EXTENSION)/lib$(EXTENSION).so
	mkdir -p Tools/.build/release && cc -O2 -shared -fPIC scripts/bench/alloc-counter.c -o Tools/.build/release/alloc-counter.so -ldl
	LD_PRELOAD=$(CURDIR)/Tools/.build/release/alloc-counter.so Tools/.build/release/TodayBridgeBenchmarks 5000
	SWIFT=$(SWIFT) android/scripts/bench.sh 20000

# One host opening and closing 200 web views under mixed traffic, then 200 without the bridge,
# the baseline, each once as it is and once with the allocator's free memory returned before each
# sample (--trim) (about seven minutes, not in `make test`): the host's memory, threads, file
# descriptors and child processes (RELIABILITY.md). It measures growth, not speed, so it runs the
# tools' debug build that `make test` builds.
soak: deps web/dist/.built Tools/.build/debug/.built $(EXTENSION_MODULE)
	Tools/.build/debug/TodayBridgeBenchmarks soak 200
	Tools/.build/debug/TodayBridgeBenchmarks soak 200 --trim
	Tools/.build/debug/TodayBridgeBenchmarks soak 200 --engine-alone
	Tools/.build/debug/TodayBridgeBenchmarks soak 200 --engine-alone --trim

clean:
	rm -rf .build .build-tsan .build-asan .build-fuzz .build-snippets Tools/.build Tools/inspector/dist Fuzz/.build web/dist
