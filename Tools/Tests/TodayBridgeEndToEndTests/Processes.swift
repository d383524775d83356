import Foundation

/// The processes `/proc` lists: enough to find a host's engine processes by their ancestry, and
/// to tell whether one of them still runs.
enum Processes {
    struct Entry: CustomStringConvertible {
        var pid: pid_t
        var parent: pid_t
        var name: String
        var commandLine: [String]
        /// When it started, in clock ticks since boot: tells it apart from a later process given the same id.
        var startTime: UInt64
        /// `R`, `S`, `D`, `Z` (a zombie: ended, not yet reaped) ...
        var state: Character

        /// Whether this very process still runs: there, with the same start time, and not a zombie.
        var isAlive: Bool {
            guard let now = Processes.entry(pid) else { return false }
            return now.startTime == startTime && now.state != "Z"
        }

        var description: String { "\(pid) \(name)" }
    }

    /// The process `pid`, read from `/proc/<pid>/stat` and `cmdline`; `nil` once it is gone.
    static func entry(_ pid: pid_t) -> Entry? {
        // Foundation reads a /proc file's first page only: a FileHandle reads what is there.
        func read(_ file: String) -> Data? {
            guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/\(file)") else { return nil }
            defer { try? handle.close() }
            return try? handle.readToEnd()
        }
        guard let data = read("stat") else { return nil }
        let stat = String(decoding: data, as: UTF8.self)
        // "pid (name) state ppid ... starttime (the 22nd field)": the name may hold spaces and parentheses.
        guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let state = fields[0].first, let parent = pid_t(fields[1]),
            let start = UInt64(fields[19])
        else { return nil }
        return Entry(
            pid: pid, parent: parent, name: String(stat[stat.index(after: open)..<close]),
            commandLine: (read("cmdline") ?? Data()).split(separator: 0).map { String(decoding: $0, as: UTF8.self) },
            startTime: start, state: state
        )
    }

    static func all() -> [Entry] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { pid_t($0) } ?? []
        return ids.compactMap(entry)
    }

    /// Every descendant of `root` that has not ended (children, their children, ...).
    static func descendants(of root: pid_t) -> [Entry] {
        let children = Dictionary(grouping: all().filter { $0.state != "Z" }, by: \.parent)
        var found: [Entry] = []
        var parents = [root]
        while let parent = parents.popLast() {
            for child in children[parent] ?? [] {
                found.append(child)
                parents.append(child.pid)
            }
        }
        return found
    }
}
