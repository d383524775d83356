/// A server's listening port, once it is up, or why it never came up.
actor ListeningPort {
    private var port: Result<Int, any Error>?
    private var waiters: [CheckedContinuation<Int, any Error>] = []

    func set(_ port: Int) { settle(.success(port)) }

    func fail(_ error: any Error) { settle(.failure(error)) }

    func value() async throws -> Int {
        if let port { return try port.get() }
        return try await withCheckedThrowingContinuation { waiters.append($0) }
    }

    private func settle(_ result: Result<Int, any Error>) {
        guard port == nil else { return }
        port = result
        for waiter in waiters { waiter.resume(with: result) }
        waiters = []
    }
}
