import TodayBridge

/// The sections of one generated file, in order, each interface name declared once.
struct TypeScriptDeclarations {
    private var sections: [String] = []
    private var names: Set<String>

    /// A file whose maps will be named `mapNames`, which no interface may take.
    init(reserving mapNames: [String]) {
        names = Set(mapNames)
    }

    var text: String { sections.joined(separator: "\n") }

    /// The type expression for `shape`: an object with fields is declared as an interface named
    /// `name`, or written inline if another declaration already took the name.
    mutating func type(of shape: TypeShape, named name: String, doc: String) -> String {
        guard case .object(let fields) = shape, !fields.isEmpty, names.insert(name).inserted else {
            return TypeScriptRenderer.type(shape)
        }
        sections.append(TypeScriptRenderer.interface(named: name, fields: fields, doc: doc))
        return name
    }

    /// A map interface: one property per entry, with the entry's summary as its doc comment.
    mutating func declareMap(_ name: String, doc: String, entries: [MapEntry]) {
        let body = entries.map { entry in
            (entry.summary.map { "  " + TypeScriptRenderer.docComment($0) + "\n" } ?? "")
                + "  \(TypeScriptRenderer.propertyName(entry.key)): \(entry.type);\n"
        }
        sections.append(TypeScriptRenderer.docComment(doc) + "\nexport interface \(name) {\n" + body.joined() + "}\n")
    }

    mutating func append(_ section: String) {
        sections.append(section)
    }
}

/// One property of a generated map: a capability's type, an event's or a native call's name.
struct MapEntry {
    let key: String
    let summary: String?
    let type: String
}
