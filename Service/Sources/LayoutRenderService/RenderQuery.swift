import LayoutRenderKit
import SpecLanguage

/// The query of `POST /render`: `width`, `height` (or `size=WxH`), `scale`, `frames=1` (or
/// `frames=picture`: the picture and its frames in one JSON answer) and
/// `var.NAME=VALUE`. Unknown parameters are refused, so every parameter that reaches the
/// cache key is one that changes the answer.
///
/// The query of `GET /render/NAME.png` (`bareVariables`) takes every other parameter as a
/// variable (`?title=Hello`), as an `og:image` URL is written; `frames` is not taken there.
struct RenderQuery: Sendable, Equatable {
    var width: Double?
    var height: Double?
    var scale: Double?
    var frames = false
    /// `frames=picture`: the picture and its frame dump in one JSON answer.
    var framesWithPicture = false
    /// `format=json`: the spec's JSON form, as `layout-render convert` writes it, not a picture.
    var jsonForm = false
    var variables: [String: String] = [:]
    /// What comes before a variable's name in this query: `var.` for `POST /render`,
    /// nothing for a template (`?title=Hello`).
    var variablePrefix = "var."
    /// `format=png|jpeg|webp|svg|pdf`, `quality=1-100`, `compression=fast|balanced|smallest|fastest`
    /// (`POST /render` only), checked together as the CLI checks them.
    var picture = PictureSettings()

    static let maxSide = 100_000.0
    /// The widths and heights a request may give, in points (above 0), and what a bad one hears.
    static let lengthRange = Double.leastNonzeroMagnitude...maxSide
    static let lengthExpectation = "expected a number of points above 0 and at most \(Int(maxSide))"
    /// The scales a request may give, and what a bad one hears.
    static let scaleRange = 0.25...8.0
    static let scaleExpectation = "expected a number from 0.25 to 8"

    init(_ parameters: [(name: String, value: String)], bareVariables: Bool = false) throws(ServiceError) {
        var seen: Set<String> = []
        if bareVariables { variablePrefix = "" }
        for (name, value) in parameters {
            guard seen.insert(name).inserted else { throw .badQuery(parameter: name, reason: "it is given twice") }
            switch name {
            case "width": width = try Self.length(value, name)
            case "height": height = try Self.length(value, name)
            case "size":
                let parts = value.split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2 else { throw .badQuery(parameter: name, reason: "expected WxH, such as 320x200") }
                width = try Self.length(String(parts[0]), name)
                height = parts[1] == "auto" ? nil : try Self.length(String(parts[1]), name)
            case "scale":
                guard let s = Double(value), Self.scaleRange.contains(s) else {
                    throw .badQuery(parameter: name, reason: Self.scaleExpectation)
                }
                scale = s
            case "format" where !bareVariables:
                if value == "json" {
                    jsonForm = true
                    continue
                }
                guard let format = OutputFormat(name: value) else {
                    throw .badQuery(parameter: name, reason: "expected \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")) or json (the spec's JSON form)")
                }
                picture.format = format
            case "quality" where !bareVariables:
                guard let quality = Int(value), PictureSettings.qualities.contains(quality) else {
                    throw .badQuery(parameter: name, reason: "expected a whole number from 1 to 100")
                }
                picture.quality = quality
            case "compression" where !bareVariables:
                guard let compression = PNGCompression(rawValue: value) else {
                    throw .badQuery(parameter: name, reason: "expected fast, balanced, smallest or fastest")
                }
                picture.compression = compression
            case "frames" where !bareVariables:
                guard ["1", "true", "0", "false", "picture"].contains(value) else {
                    throw .badQuery(parameter: name, reason: "expected 1, 0 or picture")
                }
                frames = value == "1" || value == "true"
                framesWithPicture = value == "picture"
            default:
                if bareVariables && !name.hasPrefix("var.") {
                    guard !name.isEmpty, !["frames", "index"].contains(name) else {
                        throw .badQuery(parameter: name, reason: "not a variable a template can be given")
                    }
                    variables[name] = value
                    continue
                }
                guard name.hasPrefix("var."), name.count > 4 else {
                    throw .badQuery(parameter: name, reason: "unknown parameter (expected width, height, size, scale, format, quality, compression, frames or var.NAME)")
                }
                variables[String(name.dropFirst(4))] = value
            }
        }
        if seen.contains("size") && (seen.contains("width") || seen.contains("height")) {
            throw .badQuery(parameter: "size", reason: "give size or width and height, not both")
        }
        if height != nil && width == nil {
            throw .badQuery(parameter: "height", reason: "a height needs a width")
        }
        if jsonForm && (frames || framesWithPicture) {
            throw .badQuery(parameter: "format", reason: "format=json answers the spec's JSON form; give it or frames=\(framesWithPicture ? "picture" : "1"), not both")
        }
        if let problem = picture.problem {
            throw .badQuery(parameter: problem.hasPrefix("--compression") ? "compression" : "quality",
                            reason: problem.replacingOccurrences(of: "--", with: ""))
        }
    }

    private static func length(_ text: String, _ name: String) throws(ServiceError) -> Double {
        guard let value = Double(text), lengthRange.contains(value) else {
            throw .badQuery(parameter: name, reason: lengthExpectation)
        }
        return value
    }

    /// Applies the query to a worker's request.
    func apply(to request: inout WorkerRequest) {
        request.width = width
        request.height = height
        request.scale = scale
        request.frames = frames
        request.framesWithPicture = framesWithPicture
        request.jsonForm = jsonForm
        request.picture = picture
        request.variables = variables.mapValues(DataValue.parsing)
        request.names = .query(prefix: variablePrefix)
    }

}
