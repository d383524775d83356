import Foundation

/// A self-signed certificate for 127.0.0.1 and localhost, made with `openssl` for one run.
package struct CertificateFiles: Sendable {
    /// The PEM certificate.
    package let certificate: String
    /// The PEM private key.
    package let privateKey: String

    /// Generates a new certificate and key in a fresh temporary directory.
    package static func generate() throws -> CertificateFiles {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("today-bridge-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = CertificateFiles(
            certificate: directory.appendingPathComponent("cert.pem").path,
            privateKey: directory.appendingPathComponent("key.pem").path
        )
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            "-keyout", files.privateKey, "-out", files.certificate,
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw CertificateError.opensslFailed(openssl.terminationStatus) }
        return files
    }
}

enum CertificateError: Error, CustomStringConvertible {
    case opensslFailed(Int32)
    var description: String { "openssl could not make a certificate (exit \(self))" }
}
