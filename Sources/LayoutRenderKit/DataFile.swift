import Foundation
import SpecLanguage

/// Reads `--data FILE.json` and `--var NAME=VALUE` into the names a spec can use.
public enum DataFile {
    /// The largest data file read (as large as a spec may be).
    public static let maxBytes = LayoutRenderer.maxSpecFileBytes

    /// The top-level object's keys become names; nested objects and arrays keep their shape.
    public static func read(path: String) throws(LayoutRenderError) -> [String: DataValue] {
        let data: Data
        do throws(RegularFile.Failure) {
            data = Data(try RegularFile.read(path: path, maxBytes: maxBytes))
        } catch {
            // The system's words for a missing file, as for any other failure to open it.
            let reason = error == .missing ? String(cString: strerror(ENOENT)) : error.description
            throw .resource(Diagnostic(file: path, location: nil, message: "cannot read the data file: \(reason)"))
        }
        let decoded: JSONValue
        do {
            decoded = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .spec(Diagnostic(file: path, location: SourceLocation(jsonPath: "$"), message: "not valid JSON: \(error)"))
        }
        guard case .object(let values) = decoded.value else {
            throw .spec(Diagnostic(file: path, location: SourceLocation(jsonPath: "$"), message: "the data file must hold a JSON object"))
        }
        return values
    }

    /// `NAME=VALUE` pairs; a value that reads as a number is a number.
    public static func variables(_ pairs: [String]) throws(LayoutRenderError) -> [String: DataValue] {
        var result: [String: DataValue] = [:]
        for pair in pairs {
            guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
                throw .spec(Diagnostic(file: nil, location: nil, message: "--var '\(pair)' is not NAME=VALUE"))
            }
            result[String(pair[..<eq])] = DataValue.parsing(String(pair[pair.index(after: eq)...]))
        }
        return result
    }

}

/// Any JSON value, decoded into a `DataValue`.
struct JSONValue: Decodable {
    let value: DataValue

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { value = .null }
        else if let b = try? c.decode(Bool.self) { value = .bool(b) }
        else if let n = try? c.decode(Double.self) { value = .number(n) }
        else if let s = try? c.decode(String.self) { value = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { value = .array(a.map(\.value)) }
        else { value = .object(try c.decode([String: JSONValue].self).mapValues(\.value)) }
    }
}
