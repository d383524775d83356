#if os(Linux)
import CWebKitGTK
import Foundation
import Testing

/// The private wire of large attachments between WebKitGTK's web process extension and the view
/// (`sealed_file.h`, B2, B4, X7): what the view accepts of a less trusted web process's list and
/// files, before and when it maps them, and that no descriptor outlives a message (C5).
@Suite("B2 B4 X7 C5 WebKitGTK's sealed attachment files", .serialized)
struct SealedFileTests {
    private static let size = Int(TODAY_FILE_THRESHOLD) + 1000
    private static let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }

    /// A message's attachments: an `av` list (sunk) and its fd list.
    private struct Message {
        let list: OpaquePointer
        let files: UnsafeMutablePointer<GUnixFDList>

        /// Elements made by `make` with the fd list to append to.
        init(_ make: (UnsafeMutablePointer<GUnixFDList>) -> [OpaquePointer?]) {
            files = g_unix_fd_list_new()
            let elements = make(files)
            list = g_variant_ref_sink(
                elements.withUnsafeBufferPointer { today_variant_new_attachments($0.baseAddress, gsize($0.count), 1) })
        }

        func release() {
            g_variant_unref(list)
            g_object_unref(gpointer(files))
        }

        /// What the view says of the list before mapping anything, and the size it states.
        func check() -> (problem: String?, size: UInt64) {
            var size: guint64 = 0
            let problem = today_attachments_check(list, files, &size).map { String(cString: $0) }
            return (problem, UInt64(size))
        }

        /// Each attachment's bytes as read (mapped or inline), or why it cannot be read.
        func read() -> [Result<[UInt8], ReadProblem>] {
            (0..<g_variant_n_children(list)).map { index in
                var read = TodayAttachment()
                if let problem = today_attachment_read(list, files, index, &read) {
                    return .failure(ReadProblem(reason: String(cString: problem)))
                }
                let bytes = Array(UnsafeRawBufferPointer(start: read.data, count: Int(read.size)))
                if read.mapped != 0 {
                    today_attachment_unmap(UnsafeMutableRawPointer(mutating: read.data), read.size)
                } else if let element = read.element {
                    g_variant_unref(element)
                }
                return .success(bytes)
            }
        }
    }

    struct ReadProblem: Error, Equatable {
        let reason: String
    }

    /// A sealed file of `bytes` appended to `files`: its handle.
    private static func appendSealed(_ bytes: [UInt8], to files: UnsafeMutablePointer<GUnixFDList>) -> Int32 {
        let fd = bytes.withUnsafeBytes { today_sealed_file_new($0.baseAddress, gsize($0.count)) }
        defer { close(fd) }
        return g_unix_fd_list_append(files, fd, nil)
    }

    /// This process's descriptors of attachment files and of this suite's ordinary file (other
    /// suites open and close descriptors of their own meanwhile).
    private static func openFiles() -> Int {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.filter { descriptor in
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"))
            return target.map { $0.contains("today-bytes") || $0.contains("today-sealed-") } ?? false
        }.count
    }

    @Test("B2 a sealed file of its size is mapped, beside inline bytes; its size counts (B4)")
    func sealedFileIsMapped() {
        let message = Message { files in
            [
                Self.bytes.withUnsafeBytes {
                    today_variant_new_file_attachment($0.baseAddress, gsize($0.count), files)
                },
                today_variant_new_inline_attachment([UInt8]([1, 2, 3]), 3),
            ]
        }
        defer { message.release() }
        let checked = message.check()
        #expect(checked.problem == nil && checked.size == UInt64(Self.size + 3))
        let read = message.read()
        // Compared, not printed: the file's bytes are 257 KiB.
        #expect(read.count == 2 && (try? read[0].get()) == Self.bytes, "\(read.map { $0.map(\.count) })")
        #expect(read.count == 2 && read[1] == .success([1, 2, 3]))
    }

    @Test("B2 X7 a list whose files do not match the fd list is refused before anything is mapped")
    func mismatchedListsAreRefused() {
        let cases: [(String, Message)] = [
            (
                "out of order",
                Message { files in
                    let first = Self.appendSealed(Self.bytes, to: files)
                    let second = Self.appendSealed(Self.bytes, to: files)
                    return [
                        today_variant_new_file_reference(second, guint64(Self.size)),
                        today_variant_new_file_reference(first, guint64(Self.size)),
                    ]
                }
            ),
            (
                "a file not named",
                Message { files in
                    _ = Self.appendSealed(Self.bytes, to: files)
                    return [today_variant_new_inline_attachment([UInt8]([1]), 1)]
                }
            ),
            (
                "a handle past the fd list",
                Message { _ in [today_variant_new_file_reference(0, guint64(Self.size))] }
            ),
            (
                "a file under the threshold",
                Message { files in
                    [today_variant_new_file_reference(Self.appendSealed([1, 2, 3], to: files), 3)]
                }
            ),
            (
                "neither bytes nor a file",
                Message { _ in [g_variant_new_variant(g_variant_new_string("bytes"))] }
            ),
            (
                "a size past counting",
                Message { files in
                    [
                        today_variant_new_file_reference(Self.appendSealed(Self.bytes, to: files), guint64.max),
                        today_variant_new_inline_attachment([UInt8]([1]), 1),
                    ]
                }
            ),
        ]
        for (name, message) in cases {
            #expect(message.check().problem != nil, "\(name)")
            message.release()
        }
    }

    @Test("B2 X7 a file that is not a sealed memfd of its stated size is not mapped")
    func unsoundFilesAreNotMapped() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("today-sealed-\(getpid())").path
        try Data(Self.bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let cases: [(String, Message)] = [
            (
                "a size other than the file's",
                Message { files in
                    [today_variant_new_file_reference(Self.appendSealed(Self.bytes, to: files), guint64(Self.size + 1))]
                }
            ),
            (
                "an ordinary file",
                Message { files in
                    let fd = open(path, O_RDONLY)
                    defer { close(fd) }
                    return [today_variant_new_file_reference(g_unix_fd_list_append(files, fd, nil), guint64(Self.size))]
                }
            ),
        ]
        for (name, message) in cases {
            #expect(message.check().problem == nil, "\(name)")
            let read = message.read()
            #expect(read.count == 1 && (try? read[0].get()) == nil, "\(name): \(read.map { $0.map(\.count) })")
            message.release()
        }
    }

    @Test("C5 reading and refusing files leaves no descriptor open")
    func noDescriptorLeaks() {
        let before = Self.openFiles()
        for _ in 0..<50 {
            let good = Message { files in
                [
                    Self.bytes.withUnsafeBytes {
                        today_variant_new_file_attachment($0.baseAddress, gsize($0.count), files)
                    }
                ]
            }
            _ = good.read()
            good.release()
            let wrongSize = Message { files in
                [today_variant_new_file_reference(Self.appendSealed(Self.bytes, to: files), guint64(Self.size - 1))]
            }
            _ = wrongSize.read()
            wrongSize.release()
        }
        #expect(Self.openFiles() == before)
    }
}
#endif
