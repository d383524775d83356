/// The JavaScript the host runs in pages; the only place that knows these wire shapes (C7, X3, X4, A1).
package enum PageScript {
    /// The DOM event that carries native events and calls to the web SDK.
    package static let eventName = "todaywebviewbridge"
    /// The DOM event that carries string-transport replies to the Android shim.
    package static let replyEventName = "todaywebviewbridge:reply"

    /// Defines `window.__todayWebView = { platform }`, frozen and not writable (C7).
    package static func platformTag(_ platform: Platform) -> String {
        let tag: JSONValue = ["platform": .string(platform.rawValue)]
        return "Object.defineProperty(window,'__todayWebView',{value:Object.freeze(\(tag.jsonString)),"
            + "writable:false,configurable:false,enumerable:false});"
    }

    /// Delivers a native event to the page's subscribers (X3).
    package static func event(_ name: String, data: JSONValue?) -> String {
        var detail: [String: JSONValue] = ["kind": "event", "name": .string(name)]
        detail["data"] = data
        return dispatch(eventName, detail: .object(detail))
    }

    /// Asks the page's handler `name` for a reply (X4).
    package static func call(id: String, name: String, arguments: JSONValue?) -> String {
        var detail: [String: JSONValue] = ["kind": "call", "id": .string(id), "name": .string(name)]
        detail["args"] = arguments
        return dispatch(eventName, detail: .object(detail))
    }

    /// Hands a string-transport reply to the shim in the frame that asked (A1).
    package static func stringTransportReply(_ reply: String) -> String {
        dispatch(replyEventName, detail: .string(reply))
    }

    private static func dispatch(_ event: String, detail: JSONValue) -> String {
        "window.dispatchEvent(new CustomEvent(\(JSONValue.string(event).jsonString),{detail:\(detail.jsonString)}));"
    }
}
