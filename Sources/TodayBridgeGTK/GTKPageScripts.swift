import TodayBridge

/// The scripts that give WebKitGTK frame identity (contract C8, S1).
///
/// WebKitGTK's message signal says nothing about the sending frame. So the main frame's channel
/// is a page-world shim that hands each message, through `window.postMessage`, to a relay in an
/// isolated world injected into the top frame only. The relay, whose `location` the page cannot
/// tamper with, forwards it with its origin and URL to a handler registered in that world alone:
/// whatever arrives there comes from the main frame. Sub-frames keep WebKit's own page-world
/// channel, which the host treats as a sub-frame whatever it claims (`track` only).
enum GTKPageScripts {
    /// The isolated world the relay runs in.
    static let relayWorld = "today-webview-bridge"

    /// The relay's handler name, registered in ``relayWorld`` only.
    static func relayHandler(channel: String) -> String { channel + "Relay" }

    /// Top frame, page world: the channel the web SDK finds as
    /// `window.webkit.messageHandlers.<channel>` (C1).
    static func mainFrameChannel(channel: String) -> String {
        """
        (function () {
          var pending = new Map();
          var nextID = 1;
          window.addEventListener('message', function (event) {
            var data = event.data;
            if (event.source !== window || !data || data.todayRelay !== 'reply') return;
            var call = pending.get(data.id);
            if (!call) return;
            pending.delete(data.id);
            if (data.ok) call.resolve(data.value); else call.reject(new Error(data.error));
          });
          var channel = Object.freeze({
            postMessage: function (message) {
              return new Promise(function (resolve, reject) {
                var id = nextID++;
                try {
                  window.postMessage({ todayRelay: 'request', id: id, message: message }, '*');
                } catch (error) {
                  reject(new TypeError('The message cannot be sent: ' + error.message));
                  return;
                }
                pending.set(id, { resolve: resolve, reject: reject });
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
            reply.todayRelay = 'reply';
            reply.id = id;
            window.postMessage(reply, '*');
          }
          window.addEventListener('message', function (event) {
            var data = event.data;
            if (event.source !== window || !data || data.todayRelay !== 'request') return;
            var id = data.id;
            handler.postMessage({ origin: location.origin, url: location.href, message: data.message }).then(
              function (value) { answer(id, { ok: true, value: value }); },
              function (error) { answer(id, { ok: false, error: String(error && error.message || error) }); }
            );
          });
        })();
        """
    }
}
