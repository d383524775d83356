#if os(Linux)
import CWebKitGTK

extension WKWebView {
    /// A message from the web process extension: `<entry>` from the page world, `<entry>@<world>`
    /// from another; its parameters the frame's facts and the channel's text (`name\n` and the
    /// body, `MessageHandlersScript`). Returns whether it was one.
    func receive(_ message: OpaquePointer) -> Bool {
        let name = String(cString: webkit_user_message_get_name(message))
        let scriptWorld: String?
        if name == WebKitEngine.entryName {
            scriptWorld = nil
        } else if name.hasPrefix(WebKitEngine.entryName + "@") {
            scriptWorld = String(name.dropFirst(WebKitEngine.entryName.count + 1))
        } else {
            return false
        }
        let reply = ScriptMessageReply(message)
        var read = TodayExtensionMessage()
        guard today_extension_message_read(message, &read) != 0, let origin = read.origin, let uri = read.uri,
            let text = read.text
        else {
            reply.send(nil, "not a message of WebKit's channel")
            return true
        }
        let bytes = UnsafeRawBufferPointer(start: text, count: Int(read.size))
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")), newline + 1 < bytes.count else {
            reply.send(nil, "not a message of WebKit's channel")
            return true
        }
        let handlerName = String(decoding: bytes[..<newline], as: UTF8.self)
        let controller = ownConfiguration.userContentController
        guard let (handler, world) = controller.handler(named: handlerName, inScriptWorld: scriptWorld),
            let body = ScriptValues.body(kind: bytes[newline + 1], json: Data(bytes[(newline + 2)...]))
        else {
            reply.send(nil, "TypeError: no handler \(handlerName) in this world, or a body WebKit cannot read")
            return true
        }
        let frame = WKFrameInfo(
            isMainFrame: read.main_frame != 0, url: URL(string: String(cString: uri)),
            origin: WKSecurityOrigin(serialized: String(cString: origin)), webView: self)
        let scriptMessage = WKScriptMessage(
            body: body, frameInfo: frame, name: handlerName, webView: self, world: world)
        switch handler {
        case .plain(let handler):
            // The page's promise resolves `undefined` once the handler ran
            // (`WebUserContentControllerProxy::didPostMessage`).
            handler.userContentController(controller, didReceive: scriptMessage)
            reply.send(nil, nil)
        case .withReply(let handler):
            handler.userContentController(controller, didReceive: scriptMessage) { value, errorMessage in
                reply.send(value, errorMessage)
            }
        }
        return true
    }
}
#endif
