import HTTPTypes
import Hummingbird

/// Serves `/bench/` pages cross-origin isolated (COOP and COEP), which lifts the engines'
/// coarsening of `performance.now()` so single round trips can be timed.
struct IsolationMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        if request.uri.path.hasPrefix("/bench/") || request.uri.path.hasPrefix("/dist/") {
            response.headers[HTTPField.Name("Cross-Origin-Opener-Policy")!] = "same-origin"
            response.headers[HTTPField.Name("Cross-Origin-Embedder-Policy")!] = "require-corp"
            response.headers[HTTPField.Name("Cross-Origin-Resource-Policy")!] = "same-origin"
        }
        return response
    }
}
