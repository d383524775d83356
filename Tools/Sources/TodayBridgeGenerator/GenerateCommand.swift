import ArgumentParser
import Foundation

/// `today-bridge-generate`: every generated file of the repository, from one place (X6). `make
/// generate` runs its two steps in order, with the builds they need between them; `make
/// generate-check` (part of `make test`) runs it with `--check`.
@main
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today-bridge-generate",
        abstract: "Regenerate, or check, the files generated from the Swift definitions and the built page scripts.",
        discussion: """
            declarations: from the Swift definitions, the TypeScript the web SDK, the host scripts, \
            the conformance kit and the traffic inspector compile against, and the Kotlin the \
            Android glue compiles against. \
            embed: the built host scripts, conformance pages and inspector page (web/dist/, \
            Tools/inspector/dist/) into Swift, and the Chromium emulation's scripts into Java; \
            build the web SDK (web/scripts/build.sh) and the inspector (Tools/inspector/build.sh) \
            after `declarations` and before `embed`, as `make generate` does. \
            Without a step: both. It writes only the files that changed, and prints their paths.
            """
    )

    enum Step: String, CaseIterable, ExpressibleByArgument {
        case declarations, embed
    }

    @Argument(help: "The steps to run, in order.")
    var steps: [Step] = Step.allCases

    @Flag(help: "Write nothing: list the committed files that differ from a fresh rendering, and exit 1 if any does.")
    var check = false

    @Option(help: "The repository's root.")
    var root = "."

    func validate() throws {
        guard
            FileManager.default.fileExists(
                atPath: URL(fileURLWithPath: root).appendingPathComponent("web/package.json").path)
        else {
            throw ValidationError(
                "\(root) is not the repository's root (no web/package.json): run from it, or pass --root")
        }
    }

    func run() throws {
        let root = URL(fileURLWithPath: root)
        var stale: [String] = []
        for step in steps {
            let files: [GeneratedFile]
            do {
                files =
                    switch step {
                    case .declarations: DeclarationFiles.all
                    case .embed: try EmbeddedFiles(root: root).all()
                    }
            } catch {
                printToStandardError("today-bridge-generate: \(error)")
                throw ExitCode.failure
            }
            for file in files where !file.isCurrent(under: root) {
                if check {
                    stale.append(file.path)
                } else {
                    try file.write(under: root)
                    print("wrote \(file.path)")
                }
            }
        }
        if !stale.isEmpty {
            for path in stale { printToStandardError("\(path) is stale: run `make generate`") }
            throw ExitCode.failure
        }
    }
}

private func printToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
