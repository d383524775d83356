#if canImport(TodayBridgeGTK)
import Foundation
import TodayBridge
import ToolSupport
import TodayBridgeConformance
import TodayDemoBackend

/// One load of the kit's page, in one mode, by `today-bridge open` in a child process (each run
/// gets an engine and a display of its own), and the report the page posted.
struct ConformanceRun {
    let mode: ConformanceKit.Mode
    let page: String
    /// The page's report; `nil` when it posted none.
    let report: JSONValue?
    /// Why there is no report.
    let problem: String?

    /// Loads the kit as `mode` in `engine` (WebKitGTK on its relay path with `relay`) against
    /// `backend`, whose trusted surface is its HTTPS and cleartext origins on 127.0.0.1.
    static func load(
        _ mode: ConformanceKit.Mode, engine: OpenCommand.Engine, relay: Bool, backend: DemoBackend,
        certificate: CertificateFiles
    ) async throws -> ConformanceRun {
        let (origin, frameOrigin) =
            switch mode {
            case .trusted: (backend.secureOrigin, backend.otherSecureOrigin)
            case .untrusted: (backend.otherSecureOrigin, backend.secureOrigin)
            case .cleartext: (backend.cleartextOrigin, backend.secureOrigin)
            }
        let reportName = "conformance-\(mode.rawValue)"
        var query = URLComponents()
        query.queryItems = [
            URLQueryItem(name: "mode", value: mode.rawValue),
            URLQueryItem(name: "frame", value: frameOrigin + "/conformance/frame.html"),
            URLQueryItem(name: "report", value: "/report/" + reportName),
            URLQueryItem(name: "session", value: "1"),
            URLQueryItem(name: "close", value: "1"),
        ]
        let page = origin + "/conformance/index.html?" + (query.percentEncodedQuery ?? "")
        let arguments =
            [
                "open", page, "--engine", engine.rawValue, "--headless", "--timeout", "120", "--conformance-fixture",
                "--trust", backend.secureOrigin, "--trust", backend.cleartextOrigin,
                "--token-endpoint", backend.cleartextOrigin + "/token",
                "--certificate", certificate.certificate, "--certificate-host", "127.0.0.1", "--certificate-host",
                "localhost",
            ] + (relay ? ["--relay"] : [])
        let child = await ChildProcess.run("/proc/self/exe", arguments: arguments, within: 180)
        let report = backend.reports(named: reportName).last
        let problem: String? =
            switch (report, child.status) {
            case (.some, _): nil
            case (nil, nil): "the page did not finish within 180 s"
            case (nil, let status?):
                "the page posted no report (today-bridge open exited \(status)): \(child.standardError)"
            }
        return ConformanceRun(mode: mode, page: page, report: report, problem: problem)
    }

    /// Prints the run with `print`, line by line: a heading, then each failing check (every
    /// check when `verbose`).
    func print(verbose: Bool, to print: (String) -> Void) {
        guard let report, report["crashed"] == nil else {
            print("\(mode.rawValue): \(problem ?? "the kit crashed: \(report?["crashed"]?.stringValue ?? "")")")
            return
        }
        let host = report["host"]
        print(
            "\(mode.rawValue) (\(page.prefix { $0 != "?" })): platform \(report["platform"]?.stringValue ?? "?"), host \(host?["name"]?.stringValue ?? "?") \(host?["version"]?.stringValue ?? "?"), protocol \(host?["protocol"]?.jsonString ?? "?")"
        )
        for rule in report["rules"]?.arrayValue ?? [] {
            for check in rule["checks"]?.arrayValue ?? [] {
                let passed = check["passed"] == true
                guard verbose || !passed else { continue }
                let reason = check["reason"]?.stringValue.map { " (\($0))" } ?? ""
                print(
                    "  \(passed ? "pass" : "FAIL") \(rule["id"]?.stringValue ?? "?") \(check["title"]?.stringValue ?? "")\(reason)"
                )
            }
        }
        print("  \(report["passed"]?.jsonString ?? "0") rules passed, \(report["failed"]?.jsonString ?? "0") failed")
    }
}

/// The rule ids over every run: a rule passes when it passed in every run that checked it.
struct ConformanceSummary {
    let runs: [ConformanceRun]
    let passed: [String]
    let failed: [String]

    init(runs: [ConformanceRun]) {
        self.runs = runs
        var order: [String] = []
        var failing: Set<String> = []
        for rule in runs.compactMap({ $0.report?["rules"]?.arrayValue }).joined() {
            guard let id = rule["id"]?.stringValue else { continue }
            if !order.contains(id) { order.append(id) }
            if rule["passed"] != true { failing.insert(id) }
        }
        passed = order.filter { !failing.contains($0) }
        failed = order.filter { failing.contains($0) }
    }

    /// The summary and every report, as the `--json` file holds them.
    func json(engine: String) -> JSONValue {
        [
            "engine": .string(engine),
            "passed": .array(passed.map(JSONValue.string)),
            "failed": .array(failed.map(JSONValue.string)),
            "runs": .array(
                runs.map {
                    [
                        "mode": .string($0.mode.rawValue), "page": .string($0.page), "report": $0.report ?? .null,
                        "problem": $0.problem.map(JSONValue.string) ?? .null,
                    ]
                }),
        ]
    }
}
#endif
