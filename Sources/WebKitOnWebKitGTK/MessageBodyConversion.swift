#if os(Linux)
/// How a page's `postMessage` body becomes the text the native entry carries, and a reply the
/// page's value, as the WebKit of the app's ``LinkedSDK`` does it: JavaScript for
/// ``MessageHandlersScript``, which defines what it uses (`stringify`, `keys`, `isArray`,
/// `isDate`, `dateTime`, `isPlain`, `create`, `DateConstructor`, `Exception`, `StackOverflow`,
/// `call`), all taken before any page script runs.
///
/// Each defines `convert(body)`: `'U'` for `undefined`, `'J'` and JSON text, `'T'` and JSON text
/// whose `Date`s are `{"\u0001d": ms}`, or `null` when WebKit drops the message (its promise never
/// settles); it throws what WebKit throws. And `answer(reply)`: the page's value of a reply the
/// native side sent as `[dated, value]`.
enum MessageBodyConversion {
    /// The conversion of `sdk`.
    static func source(for sdk: LinkedSDK) -> String {
        switch sdk {
        case .iOS26: javaScriptEvaluationResult
        case .iOS18: serializedScriptValue
        }
    }

    /// WebKit's `JavaScriptEvaluationResult` (`Source/WebKit/Shared/JavaScriptEvaluationResult.cpp`).
    ///
    /// `JSExtractor::processContainersWithoutRecursion` reads a body without recursion, at most
    /// `maximumNestingLevel` (40,000) levels: past it, or when reading an array's length or element
    /// throws, `extract` fails and the message is dropped. An object's keys are
    /// `JSObjectCopyPropertyNames` (the enumerable string keys `for…in` visits, inherited ones
    /// included), each read with `JSObjectGetPropertyForKey` (getters run; one that throws loses its
    /// key). A value that is no boolean, number, string, `null`, `Date`, array or plain object is
    /// `EmptyType::Undefined`, which the Objective-C result leaves out of a dictionary and puts in
    /// an array as `NSNull` (`ObjCInserter::toID`). Here the text is built by the same walk, on a
    /// stack of its own; `JSInserter::toJS` builds a reply with `JSObjectSetProperty`, ordinary
    /// assignments in the page's world.
    ///
    /// Not as WebKit: a body that holds itself is dropped (WebKit hands the app a dictionary that
    /// holds itself, which no JSON can carry); NaN and the infinities become `null`, not `NSNumber`s;
    /// a reply is built recursively, and getters may run in another order.
    static let javaScriptEvaluationResult = """
        var addTo = call.bind(WeakSet.prototype.add), isIn = call.bind(WeakSet.prototype.has), removeFrom = call.bind(WeakSet.prototype['delete']);
        var Walked = WeakSet;
        function kindOf(value) {
          var type = typeof value;
          if (value === null || type === 'boolean' || type === 'number' || type === 'string') return 'leaf';
          if (type !== 'object') return 'dropped';
          if (isDate(value)) return 'date';
          if (isArray(value)) return 'array';
          return isPlain(value) ? 'object' : 'dropped';
        }
        function leaf(value) {
          return typeof value === 'number' && (value !== value || value === 1 / 0 || value === -1 / 0) ? 'null' : stringify(value);
        }
        function convert(body) {
          if (kindOf(body) === 'dropped') return 'U';
          // The walk's work, on stacks without prototypes (no page setter runs): [0, value, depth]
          // a value to write, [1, text] text, [2, object] an object left.
          var work = create(null), count = 0, text = '', dated = false, walked = new Walked();
          work[count++] = [0, body, 0];
          while (count > 0) {
            var item = work[--count];
            if (item[0] === 1) { text += item[1]; continue; }
            if (item[0] === 2) { removeFrom(walked, item[1]); continue; }
            var value = item[1], depth = item[2], kind = kindOf(value);
            if (depth > \(MessageHandlersScript.maximumDepth)) return null;
            if (kind === 'leaf') { text += leaf(value); continue; }
            if (kind === 'date') { dated = true; text += '{"\\\\u0001d":' + leaf(dateTime(value)) + '}'; continue; }
            if (isIn(walked, value)) return null;
            addTo(walked, value);
            var members = create(null), length = 0;
            if (kind === 'array') {
              try {
                var size = value.length;
                for (var index = 0; index < size; index++) members[length++] = [value[index], ''];
              } catch (error) { return null; }
            } else {
              for (var key in value) {
                var member;
                try { member = value[key]; } catch (error) { continue; }
                if (kindOf(member) !== 'dropped') members[length++] = [member, stringify(key) + ':'];
              }
            }
            work[count++] = [2, value];
            work[count++] = [1, kind === 'array' ? ']' : '}'];
            for (var at = length - 1; at >= 0; at--) {
              var dropped = kindOf(members[at][0]) === 'dropped';
              work[count++] = dropped ? [1, 'null'] : [0, members[at][0], depth + 1];
              work[count++] = [1, (at > 0 ? ',' : '') + members[at][1]];
            }
            text += kind === 'array' ? '[' : '{';
          }
          return (dated ? 'T' : 'J') + text;
        }
        function answer(reply) {
          var dated = reply[0] === 1;
          function insert(value) {
            if (value === null || typeof value !== 'object') return value;
            if (dated && !isArray(value) && keys(value).length === 1 && typeof value['\\u0001d'] === 'number') return new DateConstructor(value['\\u0001d']);
            var made = isArray(value) ? [] : {}, names = keys(value);
            for (var i = 0; i < names.length; i++) made[names[i]] = insert(value[names[i]]);
            return made;
          }
          return insert(reply[1]);
        }
        """

    /// WebKit's `SerializedScriptValue` (`Source/WebCore/bindings/js/SerializedScriptValue.cpp`):
    /// what structured cloning refuses is a `DataCloneError`; a body deeper than
    /// `maximumFilterRecursion` (40,000 levels), or deep enough to exhaust JavaScriptCore's stack
    /// first (this check and `JSON.stringify` recurse; WebKit's serialization does not), a
    /// `RangeError`; a reply is deserialized without running page code.
    static let serializedScriptValue = """
        function cloneError() { return new Exception('The object can not be cloned.', 'DataCloneError'); }
        // Throws where WebKit's serialization would; says whether a Date is inside.
        function check(value, depth) {
          var type = typeof value;
          if (value === null || type === 'undefined' || type === 'string' || type === 'number' || type === 'boolean') return false;
          if (depth > \(MessageHandlersScript.maximumDepth)) throw new StackOverflow('Maximum call stack size exceeded.');
          if (type !== 'object') throw cloneError();
          if (isDate(value)) return true;
          if (!isPlain(value)) throw cloneError();
          var dated = false, names = keys(value);
          for (var i = 0; i < names.length; i++) if (check(value[names[i]], depth + 1)) dated = true;
          return dated;
        }
        function tag(value) {
          if (value === null || typeof value !== 'object') return value;
          if (isDate(value)) return { '\\u0001d': dateTime(value) };
          var copy = isArray(value) ? [] : {}, names = keys(value);
          for (var i = 0; i < names.length; i++) copy[names[i]] = tag(value[names[i]]);
          return copy;
        }
        function convert(body) {
          if (body === undefined) return 'U';
          return check(body, 0) ? 'T' + stringify(tag(body)) : 'J' + stringify(body);
        }
        function revive(value) {
          if (value === null || typeof value !== 'object') return value;
          if (!isArray(value) && keys(value).length === 1 && typeof value['\\u0001d'] === 'number') return new DateConstructor(value['\\u0001d']);
          var names = keys(value);
          for (var i = 0; i < names.length; i++) value[names[i]] = revive(value[names[i]]);
          return value;
        }
        function answer(reply) { return reply[0] === 1 ? revive(reply[1]) : reply[1]; }
        """
}
#endif
