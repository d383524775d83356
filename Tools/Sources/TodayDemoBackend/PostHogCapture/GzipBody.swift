import CToolsZlib

/// Decodes a `Content-Encoding: gzip` request body, as PostHog's capture API does.
enum GzipBody {
    /// The bytes `gzip` holds (one member), or `nil` when they are not gzip, or more than `limit`.
    static func decode(_ gzip: [UInt8], limit: Int) -> [UInt8]? {
        var stream = z_stream()
        guard ctoolszlib_inflate_init_gzip(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = gzip
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        return input.withUnsafeMutableBufferPointer { input -> [UInt8]? in
            stream.next_in = input.baseAddress
            stream.avail_in = UInt32(input.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { chunk in
                    stream.next_out = chunk.baseAddress
                    stream.avail_out = UInt32(chunk.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, chunk.count - Int(stream.avail_out))
                }
                output += chunk.prefix(produced)
                guard output.count <= limit else { return nil }
                if status == Z_STREAM_END { return output }
                guard status == Z_OK else { return nil }
            }
        }
    }
}
