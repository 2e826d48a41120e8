/// The JSON form's counterpart of `PlainLineReader`: a node whose attributes are all plain
/// (names of the language that its kind takes, no `style`, values of the spellings that
/// `ByteValueReader` reads) has them read straight from its members into `Attributes`, as
/// `ParseState.readAttributes` would read them, without a `RawAttribute` made for each
/// (its strings retained, its locations copied) and read again. Anything else gives nil,
/// and the node is read the general way, which has every rule and message: so a node read
/// here is one the general way reads without an error, to the same attributes.
extension JSONSpecReader {
    /// The attributes of a node of `kind` at `path` read from its members `object` (in any
    /// order; `kind` and `children` passed over), and the index of its argument member
    /// (`text`, `src`, `length`) if it has one; nil for the general reading.
    ///
    /// The members are not put in cascade order (`cascadeOrder`) here: without a style,
    /// all of a node's attributes come from its one object, where no two share a name, and
    /// the shorthands, applied first, set nothing another shorthand sets, so the cascade
    /// removes nothing and the attributes are the same in any order.
    ///
    /// `adding` are attributes of the node read already from their bytes (see
    /// `JSONSpecReader.directValue`), none of them among `object`.
    func plainAttributes(of kind: NodeKind, _ object: [JSONMember], in path: JSONPath,
                         adding read: consuming Attributes = Attributes()) -> (attributes: Attributes, argument: Int?)? {
        var attributes = read
        attributes.reserveCapacity(attributes.count + object.count)
        var argument: Int?
        for index in object.indices {
            let key = object[index].key
            guard let name = object[index].attribute ?? AttributeName(key) else {
                if key == "kind" || key == "children" { continue }
                // Two arguments is an error, which one depends on the order: the general reading's.
                guard key == "text" || key == "src" || key == "length" || key == "d", argument == nil else { return nil }
                argument = index
                continue
            }
            guard let shape = Self.plainShape(of: name, for: kind),
                  let read = Self.plainValue(key, object[index].value, shape: shape)
            else { return nil }
            let location = SourceLocation(line: object[index].value.line, column: object[index].value.column,
                                          jsonPath: path, member: name)
            attributes.set(Attribute(name, value: consume read, location: location))
        }
        if let size = attributes[.size], Schema.sizeProblem(size.value, on: kind) != nil { return nil }
        return (attributes, argument)
    }

    /// The shape of attribute `name`'s value on a node of `kind` when it may be read as a
    /// plain value, here or straight from its bytes (`directValue`); nil for what only the
    /// general reading reads: a style, a name the kind does not take, a span's layout
    /// (`readOwn`'s checks, which the general reading turns into errors).
    static func plainShape(of name: AttributeName, for kind: NodeKind) -> ValueShape? {
        guard name != .style, let shape = Schema.shape(of: name, for: kind),
              !(kind == .span && Schema.spanLayoutNames.contains(name)) else { return nil }
        return shape
    }

    /// `value` read by `ByteValueReader` from its text as the text form writes it (see
    /// `attributeText`), or nil. A string is read in place, a whole number from its digits
    /// written on the stack: no `String` made of either.
    private static func plainValue(_ key: String, _ value: JSONValue, shape: ValueShape) -> Value? {
        switch value.content {
        case .string(var s):
            guard !quotes(key, s) else { return nil }
            return s.withUTF8 { ByteValueReader.read($0, shape: shape) }
        case .number(let n) where n == n.rounded() && abs(n) < 1e15:
            // `String(Int(n))`'s digits (`-0` is `0` there too).
            let whole = Int(n)
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
                var start = buffer.count
                var rest = whole.magnitude
                repeat {
                    start -= 1
                    buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                } while rest > 0
                if whole < 0 {
                    start -= 1
                    buffer[start] = UInt8(ascii: "-")
                }
                return ByteValueReader.read(UnsafeBufferPointer(rebasing: buffer[start...]), shape: shape)
            }
        default:
            guard let (spelt, quoted) = attributeText(key, value), !quoted else { return nil }
            var text = spelt
            return text.withUTF8 { ByteValueReader.read($0, shape: shape) }
        }
    }

    /// Whether the text form quotes the string `s` given for `key`: font files and family
    /// names (any font that is not one of the default family's style keywords).
    private static func quotes(_ key: String, _ s: String) -> Bool {
        key == "font" && !ValueReader.fontStyles.contains(s)
    }

    /// A member's value as the text form writes it, and whether the text form quotes it; nil
    /// for a value that is no number, string or boolean.
    static func attributeText(_ key: String, _ value: JSONValue) -> (text: String, quoted: Bool)? {
        switch value.content {
        case .string(let s): return (s, quotes(key, s))
        case .number(let n): return (n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n), false)
        case .bool(let b): return (b ? "true" : "false", false)
        default: return nil
        }
    }
}
