import TodayBridge

/// The scripts that give WebKitGTK frame identity (contract C8, S1).
///
/// WebKitGTK's message signal says nothing about the sending frame. So the main frame's channel
/// is a page-world shim that hands each message to a relay in an isolated world injected into the
/// top frame only, through a DOM event on the main window: WebKit clones its `detail` across
/// worlds and dispatches it synchronously (no task hop, unlike `postMessage`), and no other
/// frame can dispatch events on this window unless it is same-origin, which is the page's trust. The relay, whose `location` the page cannot
/// tamper with, forwards it with its origin and URL to a handler registered in that world alone:
/// whatever arrives there comes from the main frame. Sub-frames keep WebKit's own page-world
/// channel, which the host treats as a sub-frame whatever it claims (`track` only).
enum GTKPageScripts {
    /// The isolated world the relay runs in.
    static let relayWorld = "today-webview-bridge"

    /// The relay's handler name, registered in ``relayWorld`` only.
    static func relayHandler(channel: String) -> String { channel + "Relay" }

    /// The DOM events between the shim and the relay.
    static let requestEvent = "todaywebviewbridge:relay-request"
    static let replyEvent = "todaywebviewbridge:relay-reply"

    /// Top frame, page world: the channel the web SDK finds as
    /// `window.webkit.messageHandlers.<channel>` (C1).
    static func mainFrameChannel(channel: String) -> String {
        """
        (function () {
          var pending = new Map();
          var nextID = 1;
          window.addEventListener('\(replyEvent)', function (event) {
            var reply = event.detail;
            var call = reply && pending.get(reply.id);
            if (!call) return;
            pending.delete(reply.id);
            if (reply.ok) call.resolve(reply.value); else call.reject(new Error(reply.error));
          });
          var channel = Object.freeze({
            postMessage: function (message) {
              return new Promise(function (resolve, reject) {
                try {
                  structuredClone(message);
                } catch (error) {
                  reject(new TypeError('The message cannot be sent: ' + error.message));
                  return;
                }
                var id = nextID++;
                pending.set(id, { resolve: resolve, reject: reject });
                window.dispatchEvent(new CustomEvent('\(requestEvent)', { detail: { id: id, message: message } }));
              });
            }
          });
          Object.defineProperty(window.webkit.messageHandlers, \(JSONValue.string(channel).jsonString), {
            value: channel, writable: false, configurable: false, enumerable: true
          });
        })();
        """
    }

    /// Top frame, isolated world: forwards the main frame's messages with its own origin and URL.
    static func relay(channel: String) -> String {
        """
        (function () {
          var handler = window.webkit.messageHandlers[\(JSONValue.string(relayHandler(channel: channel)).jsonString)];
          function answer(id, reply) {
            reply.id = id;
            window.dispatchEvent(new CustomEvent('\(replyEvent)', { detail: reply }));
          }
          window.addEventListener('\(requestEvent)', function (event) {
            var request = event.detail;
            if (!request || typeof request.id !== 'number') return;
            handler.postMessage({ origin: location.origin, url: location.href, message: request.message }).then(
              function (value) { answer(request.id, { ok: true, value: value }); },
              function (error) { answer(request.id, { ok: false, error: String(error && error.message || error) }); }
            );
          });
        })();
        """
    }
}
