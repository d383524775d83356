import Foundation

/// What the sink keeps across launches beside its queue, in the queue directory's `state.json`:
/// who PostHog sees and whether the user opted out.
struct PostHogSavedState: Codable, Hashable, Sendable {
    /// The file's format; a later one reads this or starts afresh.
    static let format = 1

    var format = Self.format
    var identity = PostHogIdentity()
    var isOptedOut: Bool

    /// The state saved in `directory`, or a fresh one (opted out as `optedOutByDefault` says)
    /// when there is none or it cannot be read.
    static func load(from directory: URL, optedOutByDefault: Bool) -> PostHogSavedState {
        guard let data = try? Data(contentsOf: url(in: directory)),
            let state = try? JSONDecoder().decode(PostHogSavedState.self, from: data), state.format == format
        else { return PostHogSavedState(isOptedOut: optedOutByDefault) }
        return state
    }

    /// Writes the state to `directory` atomically (a temporary file renamed over the old one).
    func save(to directory: URL) throws {
        try JSONEncoder().encode(self).write(to: Self.url(in: directory), options: .atomic)
    }

    private static func url(in directory: URL) -> URL {
        directory.appendingPathComponent("state.json")
    }
}
