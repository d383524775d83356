/// A value that is a JSON value or nothing (`undefined`), decided at run time, which
/// ``JSONValueEncoder`` writes as that answer: ``NoResult``, and what a host in another language
/// answers for the app (the Android library's capabilities).
package protocol JSONValueAnswer {
    var answer: JSONValue? { get }
}

extension NoResult: JSONValueAnswer {
    package var answer: JSONValue? { nil }
}
