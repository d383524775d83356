import Foundation

/// A process as `/proc` shows it: its id, its parent's, its name, its start time (which tells it
/// apart from a later process given the same id) and its state.
struct ProcessEntry: Hashable, CustomStringConvertible {
    var id: pid_t
    var parent: pid_t
    var name: String
    var startTime: UInt64
    var state: Character

    /// Reads `/proc/<id>/stat`; `nil` once the process is gone.
    init?(id: pid_t) {
        // Foundation reads a /proc file's first page only; a FileHandle reads what is there.
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(id)/stat"), let data = try? handle.readToEnd() else { return nil }
        try? handle.close()
        let text = String(decoding: data, as: UTF8.self)
        // "pid (name) state ppid ... starttime(22nd)": the name may hold spaces and parentheses.
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let state = fields[0].first, let parent = pid_t(fields[1]), let start = UInt64(fields[19]) else { return nil }
        self.id = id
        self.parent = parent
        self.name = String(text[text.index(after: open)..<close])
        self.startTime = start
        self.state = state
    }

    /// Whether this very process still runs: there, with the same start time, and not a zombie.
    var isAlive: Bool {
        guard let now = ProcessEntry(id: id) else { return false }
        return now.startTime == startTime && now.state != "Z"
    }

    var description: String { "\(id) \(name)" }

    /// Every process alive now.
    static func all() -> [ProcessEntry] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { pid_t($0) } ?? []
        return ids.compactMap(ProcessEntry.init(id:))
    }

    /// Every descendant of `ancestor` alive now (children, their children, ...).
    static func descendants(of ancestor: pid_t) -> [ProcessEntry] {
        let processes = all()
        let children = Dictionary(grouping: processes, by: \.parent)
        var found: [ProcessEntry] = []
        var parents = [ancestor]
        while let parent = parents.popLast() {
            for child in children[parent] ?? [] where child.state != "Z" {
                found.append(child)
                parents.append(child.id)
            }
        }
        return found
    }
}
