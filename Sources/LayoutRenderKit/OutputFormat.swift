import Rendering

/// The formats a picture is written in.
public enum OutputFormat: String, Sendable, CaseIterable {
    case png, jpeg, webp, svg, pdf

    /// The names `--format` takes, in the order messages list them.
    public static let names = allCases.map(\.rawValue).joined(separator: ", ")

    /// The format `--format` names (`jpg` is `jpeg`), case-insensitive.
    public init?(name: String) {
        let lowered = name.lowercased()
        if let format = OutputFormat(rawValue: lowered == "jpg" ? "jpeg" : lowered) { self = format } else { return nil }
    }

    /// The MIME type (the service's Content-Type).
    public var mediaType: String {
        switch self {
        case .png: return "image/png"
        case .jpeg: return "image/jpeg"
        case .webp: return "image/webp"
        case .svg: return "image/svg+xml"
        case .pdf: return "application/pdf"
        }
    }

    /// The extension a file of this format is given (`render --out-dir`).
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// Whether the picture is a document of shapes and glyphs rather than pixels.
    public var isVector: Bool { self == .svg || self == .pdf }

    /// What an output name asks for.
    public enum Choice: Equatable, Sendable {
        /// The name's extension names this format.
        case format(OutputFormat)
        /// No extension (`picture`, `-`, `/dev/stdout`): PNG unless `--format` says otherwise.
        case unnamed
        /// An extension that is no format written (`out.gif`).
        case unknown(extension: String)
    }

    /// What the extension of `path` asks for.
    public static func choice(forPath path: String) -> Choice {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .unnamed }
        let ext = String(name[name.index(after: dot)...])
        guard !ext.isEmpty else { return .unnamed }
        return OutputFormat(name: ext).map { .format($0) } ?? .unknown(extension: ext)
    }

    /// The format to write `path` in, given `--format` (which wins over the extension:
    /// `out.png --format pdf` writes a PDF named out.png, as asked).
    /// - Throws: a message naming the choices, when neither names a format.
    public static func resolve(path: String, given: OutputFormat?) throws(OutputFormatError) -> OutputFormat {
        if let given { return given }
        switch choice(forPath: path) {
        case .format(let format): return format
        case .unnamed: return .png
        case .unknown(let ext): throw .unknownExtension(path: path, extension: ext)
        }
    }
}

/// An output name whose format cannot be told.
public enum OutputFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownExtension(path: String, extension: String)

    public var description: String {
        switch self {
        case .unknownExtension(let path, let ext):
            return "\(path): .\(ext) is not a format layout-render writes; name the file .png, .jpg, .webp, .svg or .pdf, or give --format \(OutputFormat.allCases.map(\.rawValue).joined(separator: "|"))"
        }
    }
}
