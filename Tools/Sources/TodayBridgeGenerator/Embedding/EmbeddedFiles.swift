import Foundation

/// The second step, `embed`, after the web build (web/scripts/build.sh) and the inspector's
/// (Tools/inspector/build.sh): the built page scripts embedded into Swift and Java, so that
/// neither retypes them. Each entry (a module with a default-exported function) becomes a
/// `HostScript<XConfiguration>` static named after its configuration type, in the file of its
/// folder (``EmbeddingTarget``), documented with the entry's own doc comment; the conformance
/// kit's pages become `ConformanceKit.files`.
struct EmbeddedFiles {
    /// The repository's root.
    let root: URL

    /// Every embedded file, the targets' in order, then the conformance kit's.
    func all() throws(GenerationError) -> [GeneratedFile] {
        let entries = try self.entries()
        let folders = Set(EmbeddingTarget.all.map(\.folder))
        if let stray = entries.first(where: { !folders.contains(Self.folder(of: $0.path)) }) {
            throw GenerationError("\(stray.path): no file is set for its folder (EmbeddingTarget.all)")
        }
        var members: Set<String> = []
        var files: [GeneratedFile] = []
        for target in EmbeddingTarget.all {
            let inFolder = entries.filter { Self.folder(of: $0.path) == target.folder }
            let header = EmbeddedText.header(Self.sourceRoot(of: target.folder))
            switch target.output {
            case .java(let package):
                var constants: [String] = []
                for entry in inFolder {
                    let type = try EmbeddedText.configurationType(entry.source, path: entry.path)
                    constants.append(
                        EmbeddedText.javaConstant(
                            path: entry.path, type: type, source: try built(entry, in: target),
                            doc: EmbeddedText.entryDoc(entry.source)))
                }
                let text = EmbeddedText.javaClass(
                    folder: Self.sourceRoot(of: target.folder), package: package, constants: constants)
                files.append(GeneratedFile(path: target.file, text: text))
            case .swift(let imports, let access):
                var parts = [header] + imports.map { "\($0)\n" }
                for entry in inFolder {
                    let type = try EmbeddedText.configurationType(entry.source, path: entry.path)
                    guard members.insert(EmbeddedText.memberName(type)).inserted else {
                        throw GenerationError(
                            "\(entry.path): another entry already renders as `\(EmbeddedText.memberName(type))`")
                    }
                    let swift = EmbeddedText.swiftEntry(
                        path: entry.path, type: type, source: try built(entry, in: target), access: access,
                        doc: EmbeddedText.entryDoc(entry.source)
                    )
                    parts.append(swift + "\n")
                }
                files.append(GeneratedFile(path: target.file, text: parts.joined(separator: "\n")))
            }
        }
        return files + [try conformanceKit()]
    }

    /// `ConformanceKit.files`: the kit's built pages (web/dist/conformance/), by name.
    func conformanceKit() throws(GenerationError) -> GeneratedFile {
        let folder = "web/dist/conformance"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url(folder).path) else {
            throw GenerationError(
                "\(folder) is missing: build the web SDK first (web/scripts/build.sh; `make generate` does)")
        }
        let pages = try names.sorted().map { name throws(GenerationError) in
            (name: name, source: try read("\(folder)/\(name)"))
        }
        return GeneratedFile(
            path: "Sources/TodayBridgeConformance/ConformanceKit.generated.swift",
            text: EmbeddedText.conformanceKit(folder: "web/conformance", pages: pages))
    }

    /// The entries under the source roots: TypeScript modules with a default export, by path
    /// from the repository's root, sorted.
    func entries() throws(GenerationError) -> [(path: String, source: String)] {
        var found: [(path: String, source: String)] = []
        for sourceRoot in EmbeddingTarget.sourceRoots {
            guard let paths = FileManager.default.subpaths(atPath: url(sourceRoot).path) else {
                throw GenerationError("\(sourceRoot) is missing")
            }
            for path in paths where path.hasSuffix(".ts") && !path.hasSuffix(".d.ts") {
                let source = try read("\(sourceRoot)/\(path)")
                if EmbeddedText.isEntry(source) { found.append(("\(sourceRoot)/\(path)", source)) }
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// An entry's built script: the file of `target.built` laid out as its TypeScript in
    /// `target.folder`, without its final newlines.
    private func built(
        _ entry: (path: String, source: String), in target: EmbeddingTarget
    ) throws(GenerationError) -> String {
        let name = String(entry.path.dropFirst(target.folder.count + 1).dropLast(".ts".count)) + ".js"
        let path = "\(target.built)/\(name)"
        guard FileManager.default.fileExists(atPath: url(path).path) else {
            throw GenerationError(
                "\(path) is missing: build the page scripts first (web/scripts/build.sh, Tools/inspector/build.sh; `make generate` does)"
            )
        }
        return try read(path)
    }

    private func read(_ path: String) throws(GenerationError) -> String {
        do {
            var text = try String(contentsOf: url(path), encoding: .utf8)
            while text.hasSuffix("\n") { text.removeLast() }
            return text
        } catch {
            throw GenerationError("\(path) cannot be read: \(error)")
        }
    }

    private func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    private static func folder(of path: String) -> String {
        (path as NSString).deletingLastPathComponent
    }

    /// The source root a folder belongs to, which a generated file's header names (`web/host`).
    private static func sourceRoot(of folder: String) -> String {
        EmbeddingTarget.sourceRoots.first { folder == $0 || folder.hasPrefix($0 + "/") } ?? folder
    }
}
