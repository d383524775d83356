// WebKit's API for WKWebView on Linux, implemented over WebKitGTK: the module named `WebKit` that
// `TodayBridgeWebKit` and its documentation import here, so the adapter that ships to iOS and macOS
// runs unchanged in a real WebKit engine. Each type follows the Apple documentation page it names,
// with the names, signatures, optionality and actor isolation of Apple's SDK and of WebKit's Swift
// overlay (Source/WebKit/UIProcess/API/Cocoa/*.h and WebKitSwiftOverlay.swift), and nothing more
// convenient. Where WebKitGTK cannot behave as WebKit on Apple platforms does, the declaration
// says so, and the TodayBridgeWebKit catalog lists it ("What the emulation cannot do").
//
// Linux only: Apple platforms use the real framework and never see this module.
//
// Like Apple's WebKit, importing this module brings Foundation (and its cookie type) with it.
#if os(Linux)
@_exported import Foundation
@_exported import FoundationNetworking
#endif
