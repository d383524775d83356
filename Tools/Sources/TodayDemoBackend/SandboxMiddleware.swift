import HTTPTypes
import Hummingbird

/// Serves `/e2e/sandboxed-*` pages with `Content-Security-Policy: sandbox allow-scripts`: a main
/// document whose origin is opaque though its URL's is not, as a site can make any page (S2, C8).
struct SandboxMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        if request.uri.path.hasPrefix("/e2e/sandboxed-") {
            response.headers[HTTPField.Name("Content-Security-Policy")!] = "sandbox allow-scripts"
        }
        return response
    }
}
