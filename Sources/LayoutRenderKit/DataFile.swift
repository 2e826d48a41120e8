import Foundation
import PNGCodec
import SpecLanguage

/// Reads `--data FILE.json` and `--var NAME=VALUE` into the names a spec can use.
public enum DataFile {
    /// The largest data file read (as large as a spec may be).
    public static let maxBytes = LayoutRenderer.maxSpecFileBytes

    /// The top-level object's keys become names; nested objects and arrays keep their shape.
    /// Errors give the line, column and JSON path in the file; duplicate keys are errors.
    /// At most `maxBytes` are read (by default `DataFile.maxBytes`).
    public static func read(path: String, limits: ParseLimits = .default,
                            maxBytes: Int = DataFile.maxBytes) throws(LayoutRenderError) -> [String: DataValue] {
        let data: Data
        do throws(RegularFile.Failure) {
            data = Data(try RegularFile.read(path: path, maxBytes: maxBytes))
        } catch {
            // The system's words for a missing file, as for any other failure to open it.
            let reason = error == .missing ? String(cString: strerror(ENOENT)) : error.description
            throw .resource(Diagnostic(file: path, location: nil, message: "cannot read the data file: \(reason)"))
        }
        let bytes = [UInt8](data)
        let decoded: JSONValue
        do {
            decoded = try JSONReader(maxDepth: limits.maxJSONDepth).read(bytes)
        } catch {
            let line = String(validating: bytes, as: UTF8.self).flatMap { SourceLines($0).line(at: error.location) }
            throw .spec(Diagnostic(file: path, location: error.location, message: error.message, sourceLine: line))
        }
        guard case .object = decoded.content, case .object(let values) = decoded.dataValue else {
            throw .spec(Diagnostic(file: path, location: decoded.location("$"), message: "the data file must hold a JSON object"))
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
