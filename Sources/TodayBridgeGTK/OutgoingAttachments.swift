#if os(Linux)
import CWebKitGTK
import Foundation

/// Byte values on their way to the web process extension beside a text (B2): each of at least
/// 256 KiB (`TODAY_FILE_THRESHOLD`) in a sealed memfd of its own, passed in the user message's fd
/// list (one `write` from the `Data`: the file's pages are not this process's resident memory,
/// and WebKit's IPC does not copy them); the rest, and any past `TODAY_FILES_MAX` or whose file
/// cannot be made, inline. The wire is `sealed_file.h`'s: the list is `aay` without files, `av`
/// with.
struct OutgoingAttachments {
    /// The list, a floating reference the message takes.
    let list: OpaquePointer
    /// The files, when there are some: the caller makes the message with them, then releases them.
    let files: UnsafeMutablePointer<GUnixFDList>?
    /// How many attachments went as files.
    let fileCount: Int

    init(_ attachments: [Data]) {
        let threshold = Int(TODAY_FILE_THRESHOLD)
        guard attachments.contains(where: { $0.count >= threshold }) else {
            let elements: [OpaquePointer?] = attachments.map { data in
                data.withUnsafeBytes { today_variant_new_bytes($0.baseAddress, gsize($0.count)) }
            }
            list = elements.withUnsafeBufferPointer {
                today_variant_new_attachments($0.baseAddress, gsize($0.count), 0)
            }
            files = nil
            fileCount = 0
            return
        }
        let files = g_unix_fd_list_new()
        var fileCount = 0
        let elements: [OpaquePointer?] = attachments.map { data in
            data.withUnsafeBytes { bytes in
                if bytes.count >= threshold, fileCount < Int(TODAY_FILES_MAX),
                    let file = today_variant_new_file_attachment(bytes.baseAddress, gsize(bytes.count), files)
                {
                    fileCount += 1
                    return file
                }
                return today_variant_new_inline_attachment(bytes.baseAddress, gsize(bytes.count))
            }
        }
        list = elements.withUnsafeBufferPointer {
            today_variant_new_attachments($0.baseAddress, gsize($0.count), 1)
        }
        self.files = files
        self.fileCount = fileCount
    }

    /// A user message named `name` with `parameters` (which hold ``list``) and the files; releases
    /// the files.
    func message(_ name: UnsafePointer<CChar>?, _ parameters: OpaquePointer?) -> OpaquePointer {
        guard let files else { return webkit_user_message_new(name, parameters) }
        defer { g_object_unref(gpointer(files)) }
        return webkit_user_message_new_with_fd_list(name, parameters, files)
    }
}
#endif
