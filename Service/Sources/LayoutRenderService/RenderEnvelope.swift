import Foundation
import LayoutRenderKit
import SpecLanguage

/// `POST /render` with `Content-Type: application/json` and a body `{"spec": …}`: the spec
/// (its text as a string, or its JSON form as an object) with everything a render takes,
/// for programs that build requests as JSON:
///
///     {"spec": "canvas width=320\n…", "data": {"posts": [{"title": "A"}]},
///      "width": 320, "height": 200, "scale": 2, "frames": false}
///
/// `data`'s keys become names, as `--data FILE.json`; `format` is `"png"` (the default) or
/// `"frames"`. A JSON body without a `spec` key is the spec's own JSON form, as before.
struct RenderEnvelope {
    var request: WorkerRequest

    /// Nil when the body is not an envelope (a JSON object without `spec`).
    init?(json bytes: [UInt8], maxDepth: Int) throws(ServiceError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw .badBody("the body is not valid JSON")
        }
        guard let top = object as? [String: Any], let spec = top["spec"] else { return nil }
        request = WorkerRequest(source: [], format: .spec)
        switch spec {
        case let text as String:
            request.source = Array(text.utf8)
        case let form as [String: Any]:
            do {
                request.source = Array(try JSONSerialization.data(withJSONObject: form, options: [.sortedKeys]))
            } catch {
                throw .badBody("$.spec: the spec's JSON form could not be read")
            }
            request.format = .json
        default:
            throw .badBody("$.spec: expected the spec's text (a string) or its JSON form (an object)")
        }
        for (key, value) in top where key != "spec" {
            switch key {
            case "data":
                guard let names = value as? [String: Any] else { throw .badBody("$.data: expected an object") }
                for (name, member) in names {
                    request.variables[name] = try Self.dataValue(member, path: "$.data.\(name)", depth: 1, maxDepth: maxDepth)
                }
            case "width": request.width = try Self.length(value, key)
            case "height": request.height = try Self.length(value, key)
            case "scale":
                guard let s = Self.number(value), s >= 0.25, s <= 8 else {
                    throw .badBody("$.scale: expected a number from 0.25 to 8")
                }
                request.scale = s
            case "format":
                switch value as? String {
                case "png"?: request.frames = false
                case "frames"?: request.frames = true
                default: throw .badBody("$.format: expected \"png\" or \"frames\"")
                }
            default:
                throw .badBody("$.\(key): unknown key (expected spec, data, width, height, scale or format)")
            }
        }
        if request.height != nil && request.width == nil { throw .badBody("$.height: a height needs a width") }
        for reserved in ["width", "height", "scale", "index"] where request.variables[reserved] != nil {
            throw .badBody("$.data.\(reserved): set by the canvas, it cannot be a name of the data")
        }
    }

    private static func length(_ value: Any, _ key: String) throws(ServiceError) -> Double {
        guard let n = number(value), n.isFinite, n > 0, n <= RenderQuery.maxSide else {
            throw .badBody("$.\(key): expected a number of points above 0 and at most \(Int(RenderQuery.maxSide))")
        }
        return n
    }

    /// A JSON number (not a boolean, which JSONSerialization also gives as an NSNumber).
    private static func number(_ value: Any) -> Double? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        return number.doubleValue
    }

    /// JSONSerialization gives `true` and `false` as NSNumbers of type `c` (char), and
    /// numbers as `i`, `q` or `d`; `is Bool` cannot tell them apart (it is true for 1).
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// Any JSON value as a `DataValue`, at most `maxDepth` levels deep.
    static func dataValue(_ value: Any, path: String, depth: Int, maxDepth: Int) throws(ServiceError) -> DataValue {
        guard depth <= maxDepth else { throw .badBody("\(path): nested deeper than \(maxDepth) levels") }
        switch value {
        case is NSNull: return .null
        case let number as NSNumber:
            if isBoolean(number) { return .bool(number.boolValue) }
            return .number(number.doubleValue)
        case let text as String: return .string(text)
        case let items as [Any]:
            var result: [DataValue] = []
            for (i, item) in items.enumerated() {
                result.append(try dataValue(item, path: "\(path)[\(i)]", depth: depth + 1, maxDepth: maxDepth))
            }
            return .array(result)
        case let members as [String: Any]:
            var result: [String: DataValue] = [:]
            for (key, member) in members {
                result[key] = try dataValue(member, path: "\(path).\(key)", depth: depth + 1, maxDepth: maxDepth)
            }
            return .object(result)
        default:
            throw .badBody("\(path): not a JSON value")
        }
    }
}
