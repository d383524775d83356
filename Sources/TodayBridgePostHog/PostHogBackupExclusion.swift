import Foundation

/// Keeps the queue out of device backups (iCloud, Finder and iTunes) on Apple platforms: the events
/// are on their way to PostHog and restoring them on another device would send them twice.
enum PostHogBackupExclusion {
    /// Marks `directory`, and so everything in it, as excluded from backups. Nothing elsewhere.
    static func exclude(_ directory: URL) throws {
        #if canImport(Darwin)
        var directory = directory
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        try directory.setResourceValues(values)
        #endif
    }
}
