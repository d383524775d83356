import TodayBridge

/// Writes ``TypeShape``s as TypeScript types.
@_spi(Tools) public enum TypeScriptRenderer {
    /// A type expression, such as `Record<string, string>` or `{ id: string; count?: number }`.
    static func type(_ shape: TypeShape) -> String {
        switch shape {
        case .string: "string"
        case .number: "number"
        case .boolean: "boolean"
        case .null: "null"
        case .bytes: "Uint8Array"
        case .unknown: "unknown"
        case .void: "void"
        case .literals(let values): values.isEmpty ? "never" : values.map(literal).joined(separator: " | ")
        case .array(let element): element.needsParentheses ? "(\(type(element)))[]" : "\(type(element))[]"
        case .record(let value): "Record<string, \(type(value))>"
        case .object(let fields): fields.isEmpty ? "{}" : "{ " + fields.map(property).joined(separator: "; ") + " }"
        case .oneOf(let shapes): shapes.map(type).joined(separator: " | ")
        case .nullable(let wrapped): "\(type(wrapped)) | null"
        }
    }

    /// An exported interface for an object shape, one property per line.
    @_spi(Tools) public static func interface(named name: String, fields: [TypeShape.Field], doc: String) -> String {
        let header = docComment(doc) + "\nexport interface \(name) "
        guard !fields.isEmpty else { return header + "{}\n" }
        return header + "{\n" + fields.map { "  " + property($0) + ";\n" }.joined() + "}\n"
    }

    /// A one-line doc comment; a `*/` in the text cannot end it early.
    static func docComment(_ text: String) -> String {
        "/** " + text.replacingOccurrences(of: "*/", with: "*\\/") + " */"
    }

    /// A property's name: bare when it is an identifier, else quoted (`'cart.add-item'`).
    static func propertyName(_ name: String) -> String {
        isIdentifier(name) ? name : literal(name)
    }

    /// An interface name made from a message type or event name: `refreshToken` → `RefreshToken`,
    /// `cart.add-item` → `CartAddItem`.
    static func interfacePrefix(_ name: String) -> String {
        name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    @_spi(Tools) public static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    private static func property(_ field: TypeShape.Field) -> String {
        propertyName(field.name) + (field.isOptional ? "?: " : ": ")
            + type(field.isOptional ? field.shape.droppingNull : field.shape)
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first == "$" || first.properties.isAlphabetic
        else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || $0 == "$" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }
    }
}

extension TypeShape {
    var needsParentheses: Bool {
        switch self {
        case .oneOf, .nullable: true
        case .literals(let values): values.count > 1
        default: false
        }
    }

    /// An optional property's shape: `?` already says it may be absent.
    var droppingNull: TypeShape {
        if case .nullable(let wrapped) = self { return wrapped }
        return self
    }
}
