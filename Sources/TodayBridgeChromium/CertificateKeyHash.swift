import Foundation

/// The base64 SHA-256 hash of a certificate's public key, the form
/// `--ignore-certificate-errors-spki-list` takes.
public enum CertificateKeyHash {
    /// Hashes the key of the PEM certificate at `path` with `openssl`.
    public static func of(certificateFile path: String) throws -> String {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", #"openssl x509 -in "$1" -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"#, "sh", path]
        let output = Pipe()
        shell.standardOutput = output
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        let hash = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        shell.waitUntilExit()
        guard shell.terminationStatus == 0, !hash.isEmpty else { throw ChromiumError.launchFailed("cannot hash the key of \(path)") }
        return hash
    }
}
