// A mirror of exactly the WebKit declarations that TodayBridgeWebKit and its documentation use
// (scripts/check-doc-snippets.mjs type-checks the docs' Swift against it), with the names,
// signatures, optionality and actor isolation of Apple's SDK (iOS 18 / macOS 15 and later), so the
// adapter's own source compiles and is unit-tested on Linux. Linux only; Apple platforms use the
// real framework. Declarations whose names start with `mirror` are not Apple's: they are the fake
// engine's controls, for tests. Being Swift `@MainActor` classes, the mirror's types are Sendable
// where Apple's imported classes may not be: the adapter must not rely on that.
//
// Like Apple's WebKit, importing this module brings Foundation (and its cookie type) with it.
@_exported import Foundation
@_exported import FoundationNetworking
