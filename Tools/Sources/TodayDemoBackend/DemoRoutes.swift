import Foundation
import Hummingbird
import Logging
import NIOCore
import TodayBridge
import ToolSupport

/// The demo backend's routes, for one of its two servers.
enum DemoRoutes {
    static func router(
        webRoot: String, tokens: TokenIssuer, tokenLifetime: Double, reports: ReportBook,
        apiCalls: Locked<[DemoBackend.APICall]>, secure: Bool
    ) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: IsolationMiddleware())
        router.add(middleware: SandboxMiddleware())
        router.add(
            middleware: FileMiddleware(
                webRoot, searchForIndexHtml: true,
                logger: Logger(label: "today-demo-files", factory: { _ in SwiftLogNoOpLogHandler() })))

        router.post("/token/issue") { request, _ in
            let lifetime = request.uri.queryParameters.get("ttl", as: Double.self) ?? tokenLifetime
            return json(["token": .string(await tokens.issue(lifetime: lifetime))])
        }
        router.post("/token/refresh") { _, _ in
            json(["token": .string(try await tokens.refresh(lifetime: tokenLifetime))])
        }
        // Test controls: expire every token, slow refreshes down, read the refresh count.
        router.post("/token/expire-all") { _, _ in
            await tokens.expireAll()
            return Response(status: .noContent)
        }
        router.post("/token/delay") { request, _ in
            await tokens.setRefreshDelay(.milliseconds(request.uri.queryParameters.get("ms", as: Int.self) ?? 0))
            return Response(status: .noContent)
        }
        router.get("/token/stats") { _, _ in
            json(["refreshes": .number(Double(await tokens.refreshCount))])
        }
        router.get("/api/me") { request, _ in
            let bearer = request.headers[.authorization].flatMap {
                $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil
            }
            let cookie = request.cookies["embed_bearer"]?.value
            var via: String?
            if let bearer, await tokens.isValid(bearer) {
                via = "bearer"
            } else if let cookie, await tokens.isValid(cookie) {
                via = "cookie"
            }
            apiCalls.withLock { $0.append(.init(path: request.uri.path, via: via, cookie: cookie, secure: secure)) }
            guard let via else { return json(["error": "unauthorized"], status: .unauthorized) }
            return json(["user": "demo-user", "via": .string(via)])
        }
        // The conformance kit's session probe (T4): whether a valid `embed_bearer` came with the
        // request; never the cookie itself.
        router.get("/api/conformance/session") { request, _ in
            let cookie = request.cookies["embed_bearer"]?.value
            let valid = if let cookie { await tokens.isValid(cookie) } else { false }
            return json(["cookie": .bool(valid)])
        }
        // A page that takes `ms` milliseconds to answer (at most 10 s): a navigation to it stays
        // provisional that long, while the page that started it is still on screen.
        router.get("/e2e/slow") { request, _ in
            let milliseconds = min(max(request.uri.queryParameters.get("ms", as: Int.self) ?? 0, 0), 10_000)
            try await Task.sleep(for: .milliseconds(milliseconds))
            let page =
                #"<!doctype html><meta charset="utf-8"><title>The slow page</title><script src="/dist/packed/package/today-bridge.js"></script><script>window.TodayBridge.bridge.request('closeView');</script>"#
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: page)))
        }
        router.post("/report/:name") { request, context in
            let name = context.parameters.get("name") ?? "unnamed"
            let body = try await request.body.collect(upTo: 1 << 20)
            let value = (try? JSONValue(parsing: String(buffer: body))) ?? .null
            reports.add(value, name: name)
            return Response(status: .noContent)
        }
        return router
    }

    private static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: value.jsonString))
        )
    }
}
