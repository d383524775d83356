#if os(Linux)
import Foundation

/// The page's side of `window.webkit.messageHandlers` in one content world, for every frame: each
/// registered name is an object whose `postMessage(body)` hands the body to the web process
/// extension's native entry of that frame and world (which adds the engine's facts about the
/// frame) and returns, for a handler with reply, a promise the app's reply settles; `undefined`
/// otherwise.
///
/// The body is checked and converted as WebKit's serialization does, before anything leaves the
/// page: a function, a symbol, a `BigInt` or a platform object is a `DataCloneError`
/// `DOMException`, which rejects the promise of a handler with reply (WebKit's `postMessage`
/// returns a promise, and WebIDL turns its exceptions into rejections) and is thrown by a handler
/// without one; a body deeper than WebKit's limit is a `RangeError`, as is one deep enough to
/// exhaust JavaScriptCore's stack first (this check and `JSON.stringify` recurse; WebKit's
/// serialization does not). Its text: the handler's name, a newline, then `U` (`undefined`),
/// `J` and the body's JSON text, or `T` and JSON text where each `Date` is `{"\u0001d": ms}`.
/// A reply comes back as `[0, value]`, or `[1, value]` with its `Date`s written that way.
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
    /// The deepest body WebKit's serialization carries (`maximumFilterRecursion` in WebKit's
    /// `SerializedScriptValue.cpp`).
    static let maximumDepth = 40_000

    /// The script for a world whose handlers are `names` (name: whether it replies).
    static func source(entry: String, names: [String: Bool]) -> String {
        let table = names.sorted { $0.key < $1.key }.map { "\(jsonText($0.key)): \($0.value)" }.joined(separator: ", ")
        return """
        (function (entry, names) {
          'use strict';
          var post = globalThis[entry];
          if (typeof post !== 'function') return;
          var stringify = JSON.stringify, isArray = Array.isArray, keys = Object.keys, define = Object.defineProperty;
          var freeze = Object.freeze, getPrototypeOf = Object.getPrototypeOf, create = Object.create;
          var getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
          var dateTime = Function.prototype.call.bind(Date.prototype.getTime);
          var hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
          var PromiseConstructor = Promise, ErrorConstructor = Error, DateConstructor = Date, Exception = DOMException;
          var StackOverflow = RangeError;
          function cloneError() { return new Exception('The object can not be cloned.', 'DataCloneError'); }
          // A Date, an array or an ordinary object of any realm (another window's included), as
          // WebKit's serialization clones them: by what they are, not by this realm's prototypes.
          function isDate(value) { try { dateTime(value); return true; } catch (error) { return false; } }
          function isPlain(value) {
            if (isArray(value)) return true;
            var prototype = getPrototypeOf(value);
            return prototype === null || (getPrototypeOf(prototype) === null && hasOwn(prototype, 'hasOwnProperty'));
          }
          // Throws where WebKit's serialization would (deeper than its \(maximumDepth) levels: the
          // RangeError of a stack overflow); says whether a Date is inside.
          function check(value, depth) {
            var type = typeof value;
            if (value === null || type === 'undefined' || type === 'string' || type === 'number' || type === 'boolean') return false;
            if (depth > \(maximumDepth)) throw new StackOverflow('Maximum call stack size exceeded.');
            if (type !== 'object') throw cloneError();
            if (isDate(value)) return true;
            if (!isPlain(value)) throw cloneError();
            var dated = false, names = keys(value);
            for (var i = 0; i < names.length; i++) if (check(value[names[i]], depth + 1)) dated = true;
            return dated;
          }
          function tag(value) {
            if (value === null || typeof value !== 'object') return value;
            if (isDate(value)) return { '\\u0001d': dateTime(value) };
            var copy = isArray(value) ? [] : {}, names = keys(value);
            for (var i = 0; i < names.length; i++) copy[names[i]] = tag(value[names[i]]);
            return copy;
          }
          function revive(value) {
            if (value === null || typeof value !== 'object') return value;
            if (!isArray(value) && keys(value).length === 1 && typeof value['\\u0001d'] === 'number') return new DateConstructor(value['\\u0001d']);
            var names = keys(value);
            for (var i = 0; i < names.length; i++) value[names[i]] = revive(value[names[i]]);
            return value;
          }
          function text(name, body) {
            if (body === undefined) return name + '\\nU';
            return check(body, 0) ? name + '\\nT' + stringify(tag(body)) : name + '\\nJ' + stringify(body);
          }
          if (getOwnPropertyDescriptor(globalThis, 'webkit')) return;  // a window kept for the document after its initial empty one
          var handlers = create(null);
          keys(names).forEach(function (name) {
            var replies = names[name];
            var handler = {
              postMessage: function postMessage(body) {
                if (!replies) { post(text(name, body), function () {}); return undefined; }
                var message;
                try { message = text(name, body); } catch (error) { return PromiseConstructor.reject(error); }
                return new PromiseConstructor(function (resolve, reject) {
                  post(message, function (reply, reason) {
                    if (reason !== undefined) return reject(new ErrorConstructor(reason));
                    if (reply === undefined) return resolve(undefined);
                    resolve(reply[0] === 1 ? revive(reply[1]) : reply[1]);
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
