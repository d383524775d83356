import Foundation
import Hummingbird
import Logging
import NIOCore
import TodayBridge
import ToolSupport

/// A stand-in for PostHog's capture API on `http://127.0.0.1:PORT`: `POST /batch/` decodes a
/// gzip body, checks each request's shape like PostHog (400 when it would refuse it), records the
/// events, and fails, stalls, answers 429/500, or 413 to batches over a size, when a test says so.
package final class PostHogCaptureServer: Sendable {
    /// `http://127.0.0.1:PORT`, the host to configure the sink with.
    package let origin: String

    private struct State {
        var requests = 0
        var batches: [CaptureBatch] = []
        var refusedShapes: [String] = []
        var faults: @Sendable (Int) -> CaptureFault? = { _ in nil }
        var maxEventsPerBatch = Int.max
    }

    private let state: Locked<State>
    private let server: Task<Void, any Error>

    /// Starts the server and returns once it listens.
    package static func start() async throws -> PostHogCaptureServer {
        let state = Locked(State())
        let router = Router()
        router.post("/batch") { request, _ in
            let body = try await request.body.collect(upTo: 64 << 20)
            let fault = state.withLock { state in
                state.requests += 1
                return state.faults(state.requests)
            }
            let headers = (encoding: request.headers[.contentEncoding], userAgent: request.headers[.userAgent])
            return try await answer(body: Array(buffer: body), headers: headers, fault: fault, state: state)
        }
        let port = ListeningPort()
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "posthog-capture"),
            onServerRunning: { channel in await port.set(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "posthog-capture", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let server = Task {
            do { try await app.run() } catch {
                await port.fail(error)
                throw error
            }
        }
        return PostHogCaptureServer(origin: "http://127.0.0.1:\(try await port.value())", state: state, server: server)
    }

    private init(origin: String, state: Locked<State>, server: Task<Void, any Error>) {
        self.origin = origin
        self.state = state
        self.server = server
    }

    private static func answer(
        body: [UInt8], headers: (encoding: String?, userAgent: String?), fault: CaptureFault?, state: Locked<State>
    ) async throws -> Response {
        switch fault {
        case .status(let status, let retryAfter)?:
            var headers = HTTPFields()
            if let retryAfter { headers[.retryAfter] = retryAfter }
            return Response(status: .init(code: status), headers: headers)
        case .dropConnection?:
            throw CancellationError()  // Hummingbird closes the connection without a response
        case .stall?, nil:
            break
        }
        let batch: CaptureBatch
        do {
            batch = try CaptureBatch(body: body, contentEncoding: headers.encoding, userAgent: headers.userAgent)
        } catch {
            state.withLock { $0.refusedShapes.append(error.description) }
            return Response(status: .badRequest)
        }
        guard batch.events.count <= state.withLock({ $0.maxEventsPerBatch }) else {
            return Response(status: .init(code: 413))
        }
        state.withLock { $0.batches.append(batch) }
        if case .stall(let seconds)? = fault { try await Task.sleep(nanoseconds: UInt64(seconds * 1e9)) }
        return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"status":1}"#)))
    }

    /// Decides the fault, if any, for each request by its number (1, 2, …).
    package func injectFaults(_ plan: @escaping @Sendable (Int) -> CaptureFault?) {
        state.withLock { $0.faults = plan }
    }

    /// Answers 413 (Content Too Large) to a batch of more than `count` events, keeping nothing.
    package func refuseBatches(largerThan count: Int) {
        state.withLock { $0.maxEventsPerBatch = count }
    }

    /// Requests received so far, failed ones included.
    package var requestCount: Int { state.withLock { $0.requests } }

    /// Every accepted batch, oldest first.
    package var batches: [CaptureBatch] { state.withLock { $0.batches } }

    /// Every accepted event, oldest first (duplicates included).
    package var events: [JSONValue] { batches.flatMap(\.events) }

    /// Why each request PostHog would refuse was refused.
    package var refusedShapes: [String] { state.withLock { $0.refusedShapes } }

    /// Stops the server.
    package func stop() {
        server.cancel()
    }
}
