import Foundation

/// A self-signed certificate for 127.0.0.1 and localhost, made with `openssl` for one run: the
/// TLS fixture of the demo, the end-to-end tests and the benchmarks.
package struct CertificateFiles: Sendable {
    /// The PEM certificate.
    package let certificate: String
    /// The PEM private key.
    package let privateKey: String

    /// Generates a new certificate and key in a fresh temporary directory.
    package static func generate() async throws -> CertificateFiles {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "today-bridge-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = CertificateFiles(
            certificate: directory.appendingPathComponent("cert.pem").path,
            privateKey: directory.appendingPathComponent("key.pem").path
        )
        try await openssl(
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            "-keyout", files.privateKey, "-out", files.certificate
        )
        return files
    }

    /// The base64 SHA-256 hash of the public key of the PEM certificate at `path`: the form
    /// Chromium's `--ignore-certificate-errors-spki-list` takes.
    package static func publicKeyHash(ofCertificateAt path: String) async throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "today-bridge-spki-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = { (name: String) in directory.appendingPathComponent(name).path }
        try await openssl("x509", "-in", path, "-pubkey", "-noout", "-out", file("key.pem"))
        try await openssl("pkey", "-pubin", "-in", file("key.pem"), "-outform", "der", "-out", file("key.der"))
        try await openssl("dgst", "-sha256", "-binary", "-out", file("hash"), file("key.der"))
        return try await openssl("base64", "-A", "-in", file("hash"))
    }

    /// Runs `openssl` with `arguments`; returns what it printed.
    @discardableResult
    private static func openssl(_ arguments: String...) async throws -> String {
        let run = await ChildProcess.run("/usr/bin/openssl", arguments: arguments, within: 60)
        guard run.status == 0 else { throw CertificateError.opensslFailed(run.status, run.standardError) }
        return run.lines.joined(separator: "\n")
    }
}

/// Why a TLS fixture could not be made.
package enum CertificateError: Error, CustomStringConvertible {
    case opensslFailed(Int32?, String)

    package var description: String {
        switch self {
        case .opensslFailed(let status, let errors):
            "openssl failed (exit \(status.map(String.init) ?? "none")): \(errors)"
        }
    }
}
