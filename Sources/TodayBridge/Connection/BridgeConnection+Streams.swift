/// One stream a page opened (ST1), as the connection keeps it: its state (``StreamFlow``), its
/// values on their way (``StreamOutbox``), its producer's task, the producer waiting for room in
/// the window, and its deadline watcher.
struct OpenStream: Sendable {
    let type: String
    let document: DocumentID
    /// Seconds the producer may take for each value (ST4).
    let deadline: Double
    /// When it opened, and the size of the message that opened it, for its trace (X5): measured
    /// only when someone listened to traces as it opened.
    let start: BridgeInstant
    let requestBytes: Int?
    var flow: StreamFlow
    /// Shared with the task delivering its values, which may outlive the stream's entry: the values
    /// handed over before the end still go, then the end (ST5).
    let outbox: Locked<StreamOutbox>
    var producer: Task<Void, Never>?
    var waiter: CheckedContinuation<Void, Never>?
    /// When the producer's next value is due (ST4); `nil` while it waits for room in the window.
    var due: BridgeInstant?
    /// The one task that ends the stream at `due`: it runs while `due` is set, and clears itself.
    var watcher: Task<Void, Never>?
}

/// What the producer of one stream hands its values to (ST2, ST3): each waits for room in the
/// window, then goes to the page; once the stream ended, it throws `CancellationError`.
package struct StreamSink: Sendable {
    let connection: BridgeConnection
    let id: String

    package func send(_ value: JSONValue?) async throws {
        try await connection.streamValue(value, on: id)
    }
}

extension BridgeConnection {
    /// Opens the stream a capability's message starts (ST1) and answers the message: the stream's
    /// id and window, or a rejection (`invalidRequest` without a usable id or with one in use,
    /// `busy` over ``BridgeLimits/maxStreamsPerDocument``, `cancelled` for a document gone).
    func openStream(
        _ capability: RegisteredCapability, _ run: @escaping RegisteredCapability.StreamRun, _ message: JSONValue,
        context: CapabilityContext
    ) -> CallOutcome {
        let limits = bridge.configuration.limits
        func reject(_ error: BridgeError) -> CallOutcome {
            .failed(error, as: BridgeTrace.Outcome(failure: error.code), reply: capability.failureReply)
        }
        guard case .string(let id)? = message[WireProtocol.streamField], !id.isEmpty, id.utf8.count <= 128 else {
            return reject(
                BridgeError(
                    code: .invalidRequest, message: "\(capability.type) answers with a stream: open it with stream()"))
        }
        let stream = OpenStream(
            type: capability.type, document: context.document, deadline: capability.deadline ?? limits.defaultDeadline,
            start: bridge.clock.now(), requestBytes: bridge.observer.measuredForTraces { message.jsonUTF8.count },
            flow: StreamFlow(window: limits.streamWindow), outbox: Locked(StreamOutbox(stream: id)))
        let refusal: BridgeError? = streams.withLock { streams in
            guard state.withLock({ $0.isShowing(context.document) }) else { return .cancelled("the page went away") }
            if streams[id] != nil {
                return BridgeError(code: .invalidRequest, message: "a stream with this id is open")
            }
            if streams.values.count(where: { $0.document == context.document }) >= limits.maxStreamsPerDocument {
                return BridgeError(code: .busy, message: "too many open streams", recoverable: true)
            }
            streams[id] = stream
            return nil
        }
        if let refusal {
            if refusal.code == .busy {
                bridge.observer.report(
                    .limitExceeded, "more than \(limits.maxStreamsPerDocument) open streams", type: capability.type)
            }
            return reject(refusal)
        }
        // The first value's deadline runs from the opening, armed before the producer can take it.
        armStreamDeadline(id)
        let producer = startTask { await self.produce(id, capability.type, run, message, context: context) }
        let gone = streams.withLock { streams -> Bool in
            guard streams[id] != nil else { return true }
            streams[id]?.producer = producer
            return false
        }
        if gone { producer.cancel() }
        let opened = StreamOpened(stream: id, window: limits.streamWindow)
        return .resolved(try? JSONValueEncoder().encode(opened))
    }

    /// Runs the capability's sequence to its end, and ends the stream with it (ST5).
    private func produce(
        _ id: String, _ capabilityType: String, _ run: RegisteredCapability.StreamRun, _ message: JSONValue,
        context: CapabilityContext
    ) async {
        let ending: StreamFlow.Ending
        do {
            try await run(message, context, StreamSink(connection: self, id: id))
            ending = .finished
        } catch let error as BridgeError {
            ending = .failed(error)
        } catch {
            if !(error is CancellationError) {
                bridge.observer.report(.capabilityFailed, "threw \(type(of: error))", type: capabilityType)
            }
            ending = .failed(.failed())
        }
        endStream(id, ending)
    }

    /// The producer's next value (ST2, ST3): waits for room in the window, hands it to the
    /// stream's outbox as the next value, and gives the producer the deadline for the one after
    /// (ST4). It does not wait for the value's delivery: the outbox's task delivers it, with any
    /// that follow it meanwhile.
    func streamValue(_ value: JSONValue?, on id: String) async throws {
        disarmStreamDeadline(id)
        while true {
            let (offer, startsDelivering) = streams.withLock { streams -> (StreamFlow.Offer, OpenStream?) in
                guard var stream = streams[id] else { return (.ended, nil) }
                let offer = stream.flow.offer()
                streams[id] = stream
                guard case .send(let seq) = offer else { return (offer, nil) }
                // Under the streams' lock, so that no end closes the outbox between the two.
                return (offer, stream.outbox.withLock { $0.add(value ?? .null, seq: seq) } ? stream : nil)
            }
            switch offer {
            case .ended:
                throw CancellationError()
            case .send:
                if let startsDelivering { deliverWaiting(of: startsDelivering) }
                armStreamDeadline(id)
                return
            case .wait:
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let waiting = streams.withLock { streams -> Bool in
                        guard let stream = streams[id], !stream.flow.isEnded, stream.flow.credit <= 0 else {
                            return false
                        }
                        streams[id]?.waiter = continuation
                        return true
                    }
                    if !waiting { continuation.resume() }
                }
            }
        }
    }

    /// `{ type: '__today.streamAck' }` from `document`'s main frame (ST3).
    func acknowledgeStream(_ message: StreamAckMessage, from document: DocumentID) -> CallOutcome {
        let waiter = streams.withLock { streams -> CheckedContinuation<Void, Never>? in
            guard var stream = streams[message.stream], stream.document == document else { return nil }
            guard stream.flow.acknowledge(message.count) else {
                streams[message.stream] = stream
                return nil
            }
            defer {
                stream.waiter = nil
                streams[message.stream] = stream
            }
            return stream.waiter
        }
        waiter?.resume()
        return .resolved(nil)
    }

    /// `{ type: '__today.streamCancel' }` from `document`'s main frame (ST4): the page ended it, so
    /// it is told nothing.
    func cancelStream(_ message: StreamCancelMessage, from document: DocumentID) -> CallOutcome {
        if streams.withLock({ $0[message.stream]?.document == document }) {
            endStream(message.stream, .cancelled)
        }
        return .resolved(nil)
    }

    /// Ends stream `id` unless it ended already (ST5): stops its producer, its waiter and its
    /// watcher. The values handed over before go to the page, then how it ended, when the page did
    /// not end it itself and is still shown.
    func endStream(_ id: String, _ ending: StreamFlow.Ending) {
        let stream = streams.withLock { streams -> OpenStream? in
            guard var stream = streams[id], stream.flow.end(ending) else { return nil }
            streams[id] = nil
            return stream
        }
        stream.map(stop)
    }

    private func stop(_ stream: OpenStream) {
        stream.waiter?.resume()
        stream.watcher?.cancel()
        stream.producer?.cancel()
        trace(stream)
        let told = stream.flow.ending?.delivered.flatMap { isShowing(stream.document) ? $0 : nil }
        if stream.outbox.withLock({ $0.close(telling: told) }) { deliverWaiting(of: stream) }
    }

    /// Starts the one task that delivers the stream's outbox, in order, until nothing waits in it.
    private func deliverWaiting(of stream: OpenStream) {
        _ = startTask { [outbox = stream.outbox, document = stream.document] in
            while let delivery = outbox.withLock({ $0.next() }) {
                await self.deliver(delivery, for: document)
            }
        }
    }

    /// One trace per stream, at its end (X5, ST5): how it ended and the values it sent, counted when
    /// the producer handed them over: the last of them may still be on their way.
    private func trace(_ stream: OpenStream) {
        let outcome: BridgeTrace.Outcome, errorCode: BridgeError.Code?
        switch stream.flow.ending {
        case .failed(let error)?: (outcome, errorCode) = (BridgeTrace.Outcome(failure: error.code), error.code)
        case .timeout?: (outcome, errorCode) = (.timedOut, .timeout)
        case .cancelled?, .documentGone?: (outcome, errorCode) = (.cancelled, .cancelled)
        case .finished?, nil: (outcome, errorCode) = (.resolved, nil)
        }
        bridge.observer.trace {
            let page = state.withLock { $0.page }
            var trace = BridgeTrace(
                kind: .stream, webView: webViewID, document: stream.document, type: stream.type, isMainFrame: true,
                origin: page?.location?.origin, surface: page?.surface?.name, outcome: outcome,
                answer: errorCode == nil ? .value : .rejection, errorCode: errorCode, start: stream.start,
                duration: bridge.clock.now().seconds(since: stream.start), requestBytes: stream.requestBytes,
                replyBytes: nil)
            trace.values = stream.flow.sent
            return trace
        }
    }

    /// Ends every stream whose document is no longer shown (ST5): after a navigation, a restore, a
    /// dead web process or the close. The page is told nothing: it is gone.
    func endStreamsOfDocumentsGone() {
        let gone = streams.withLock { streams -> [OpenStream] in
            var gone: [OpenStream] = []
            for (id, var stream) in streams where !state.withLock({ $0.isShowing(stream.document) }) {
                if stream.flow.end(.documentGone) { gone.append(stream) }
                streams[id] = nil
            }
            return gone
        }
        gone.forEach(stop)
    }

    /// Times the producer's next value out at its deadline from now (ST4). Each value moves the
    /// deadline of the one watcher, which starts only when none runs: no task per value.
    private func armStreamDeadline(_ id: String) {
        let now = bridge.clock.now()
        streams.withLock { streams in
            guard var stream = streams[id] else { return }
            stream.due = now.advanced(bySeconds: stream.deadline)
            if stream.watcher == nil { stream.watcher = Task { await self.watchStreamDeadline(id) } }
            streams[id] = stream
        }
    }

    /// Stops timing: the producer has its value, and waiting for room is the page's time (ST4).
    private func disarmStreamDeadline(_ id: String) {
        streams.withLock { $0[id]?.due = nil }
    }

    /// Sleeps until the stream's deadline, again while it moved later, and ends the stream as
    /// `timeout` once it passed; returns when the deadline was disarmed or the stream ended.
    private func watchStreamDeadline(_ id: String) async {
        while true {
            let due = streams.withLock { streams -> BridgeInstant? in
                guard let due = streams[id]?.due else {
                    streams[id]?.watcher = nil
                    return nil
                }
                return due
            }
            guard let due else { return }
            do { try await bridge.clock.sleep(until: due) } catch { return }
            let expired = streams.withLock { streams in streams[id]?.due.map { $0 <= due } ?? false }
            if expired {
                endStream(id, .timeout)
                return
            }
        }
    }

    /// The `type` of each stream still open, oldest id first: lets tests prove none is left (ST5).
    package var openStreams: [String] {
        streams.withLock { $0.sorted { $0.key < $1.key }.map(\.value.type) }
    }
}
