#if os(Linux)
import Foundation

/// The page's side of `window.webkit.messageHandlers` in one content world, for every frame: each
/// registered name is an object whose `postMessage(body)` hands the body to the web process
/// extension's native entry of that frame and world (which adds the engine's facts about the
/// frame) and returns a promise, for a handler with reply and without one alike
/// (`UserMessageHandler::postMessage` takes a `DeferredPromise`,
/// `Source/WebCore/page/UserMessageHandler.cpp`): the app's reply settles it, or, for a handler
/// without reply, `undefined` once the app's handler ran (`WebUserContentControllerProxy::didPostMessage`
/// replies with an empty result).
///
/// The body is read before anything leaves the page, as the WebKit of the app's ``LinkedSDK`` reads
/// it (``MessageBodyConversion``). Its text: the handler's name, a newline, then `U`
/// (`undefined`), `J` and the body's JSON text, or `T` and JSON text where each `Date` is
/// `{"\u0001d": ms}`. A reply comes back as `[0, value]`, or `[1, value]` with its `Date`s written
/// that way.
///
/// The objects are WebKit's as WebKitGTK 2.50 shows them (the same WebCore bindings,
/// `JSUserMessageHandlersNamespaceCustom.cpp`): `window.webkit` cannot be replaced or deleted;
/// `messageHandlers` takes new properties, and each handler is a property that cannot be written
/// but can be redefined (`Object.defineProperty`), which no enumeration lists.
///
/// The script captures what it uses before any page script runs (it runs first, at document
/// start); the page can redefine a handler in its own world, which changes only what its own
/// calls do: the facts the app receives come from the entry, bound to its frame (each message
/// reports the document the frame shows when it is sent, as WebKit's `UserMessageHandler`, a
/// `FrameDestructionObserver`, reports `WebFrame::info()`).
enum MessageHandlersScript {
    /// The deepest body WebKit carries (`maximumNestingLevel` in `JavaScriptEvaluationResult.cpp`,
    /// `maximumFilterRecursion` in `SerializedScriptValue.cpp`).
    static let maximumDepth = 40_000

    /// The script for a world whose handlers are `names` (name: whether it replies), converting
    /// bodies as the WebKit of `sdk` does.
    static func source(entry: String, names: [String: Bool], sdk: LinkedSDK) -> String {
        let table = names.sorted { $0.key < $1.key }.map { "\(jsonText($0.key)): \($0.value)" }.joined(separator: ", ")
        return """
            (function (entry, names) {
              'use strict';
              var post = globalThis[entry];
              if (typeof post !== 'function') return;
              var call = Function.prototype.call;
              var stringify = JSON.stringify, isArray = Array.isArray, keys = Object.keys, define = Object.defineProperty;
              var freeze = Object.freeze, getPrototypeOf = Object.getPrototypeOf, create = Object.create;
              var getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
              var dateTime = call.bind(Date.prototype.getTime);
              var hasOwn = call.bind(Object.prototype.hasOwnProperty);
              var PromiseConstructor = Promise, ErrorConstructor = Error, DateConstructor = Date, Exception = DOMException;
              var StackOverflow = RangeError;
              // A Date, an array or an ordinary object of any realm (another window's included), as
              // WebKit reads them: by what they are, not by this realm's prototypes.
              function isDate(value) { try { dateTime(value); return true; } catch (error) { return false; } }
              function isPlain(value) {
                if (isArray(value)) return true;
                var prototype = getPrototypeOf(value);
                return prototype === null || (getPrototypeOf(prototype) === null && hasOwn(prototype, 'hasOwnProperty'));
              }
            \(MessageBodyConversion.source(for: sdk))
              if (getOwnPropertyDescriptor(globalThis, 'webkit')) return;  // a window kept for the document after its initial empty one
              var handlers = create(null);
              keys(names).forEach(function (name) {
                var handler = {
                  postMessage: function postMessage(body) {
                    var text;
                    try { text = convert(body); } catch (error) { return new PromiseConstructor(function (resolve, reject) { reject(error); }); }
                    if (text === null) return new PromiseConstructor(function () {});
                    return new PromiseConstructor(function (resolve, reject) {
                      post(name + '\\n' + text, function (reply, reason) {
                        if (reason !== undefined) return reject(new ErrorConstructor(reason));
                        resolve(reply === undefined ? undefined : answer(reply));
                      });
                    });
                  }
                };
                define(handlers, name, { value: freeze(handler), writable: false, configurable: true, enumerable: false });
              });
              var namespace = freeze({ messageHandlers: handlers });
              define(globalThis, 'webkit', { value: namespace, writable: false, configurable: false, enumerable: true });
            })(\(jsonText(entry)), {\(table)});
            """
    }

    /// `text` as a JavaScript string literal.
    private static func jsonText(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed]), as: UTF8.self)
    }
}
#endif
