import Foundation
import SpecLanguage

/// What a templated spec needs to be rendered as a fixture, from the sidecar file
/// `NAME.fixture.json` beside `NAME.spec` (or `NAME.json`):
///
/// ```json
/// {"vars": {"title": "Hello", "count": 3}, "data": "people.json",
///  "sizes": ["320x200", "640xauto"], "scale": 2}
/// ```
///
/// Every key is optional. `vars` are names as `--var` gives them (any JSON value); `data`
/// is a data file as `--data` reads it (a name inside the spec's folder) or the object
/// itself; `vars` win over `data`. `sizes` makes one golden per size, `NAME-WxH.png`
/// (`W` or `Wxauto` for an automatic height). `scale` is `--scale`.
public struct FixtureSettings: Hashable, Sendable {
    public var variables: [String: DataValue] = [:]
    public var sizes: [FixtureSize] = []
    public var scale: Double?
    /// The data file named by `data`, resolved, when it is a file.
    public var dataFile: String?

    public init() {}

    /// The largest sidecar file read.
    public static let maxSidecarBytes = 1 << 20
    /// The most sizes one fixture may ask for.
    public static let maxSizes = 32

    /// `dir/card.spec` → `dir/card.fixture.json`.
    public static func sidecarPath(forSpec specPath: String) -> String {
        (specPath as NSString).deletingPathExtension + ".fixture.json"
    }

    /// The settings of the spec at `specPath`; nil when it has no sidecar. Its data file
    /// may be `maxDataBytes` long (by default as long as `--data`'s; the service's is its
    /// `--max-body-bytes`). With `cache`, a sidecar (and its data file) read before and
    /// unchanged since is not read again.
    public static func load(forSpec specPath: String, maxDataBytes: Int = DataFile.maxBytes,
                            cache: FixtureSettingsCache? = nil) throws(LayoutRenderError) -> FixtureSettings? {
        let path = sidecarPath(forSpec: specPath)
        let folder = (specPath as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        // Read only from inside the spec's folder, whoever named the spec: a sidecar that is
        // a link out is refused before its target is looked at (its lines would be quoted).
        guard SpecFolder.entryExists(name, in: folder) else { return nil }
        if let refusal = SpecFolder.refusal(of: name, in: folder.isEmpty ? "." : folder) {
            var diagnostic = refusal
            diagnostic.file = path
            throw .spec(diagnostic)
        }
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let read: (reused: FixtureSettings?, bytes: [UInt8], identity: RegularFile.Identity)
        do throws(RegularFile.Failure) {
            read = try RegularFile.read(path: path, maxBytes: maxSidecarBytes) { identity in
                cache?.settings(sidecar: path, identity: identity, maxDataBytes: maxDataBytes)
            }
        } catch .tooLarge {
            throw .spec(Diagnostic(file: path, location: nil, message: "the fixture file is larger than \(maxSidecarBytes) bytes"))
        } catch {
            throw .resource(Diagnostic(file: path, location: nil, message: "cannot read the fixture file: \(error)"))
        }
        if let reused = read.reused { return reused }
        // The data file's identity is taken before it is read: one that changes while it is
        // read is read again next time.
        var dataIdentity: RegularFile.Identity?
        let settings = try parse(read.bytes, path: path, folder: folder.isEmpty ? "." : folder) { file throws(LayoutRenderError) in
            dataIdentity = RegularFile.Identity(path: file)
            return try DataFile.read(path: file, maxBytes: maxDataBytes)
        }
        cache?.store(.init(sidecar: read.identity, maxDataBytes: maxDataBytes,
                           dataFile: settings.dataFile.map { ($0, dataIdentity) }, settings: settings), sidecar: path)
        return settings
    }

    /// Parses a sidecar's bytes; `folder` is where a data file named in it is looked for.
    public static func parse(_ bytes: [UInt8], path: String, folder: String) throws(LayoutRenderError) -> FixtureSettings {
        try parse(bytes, path: path, folder: folder) { file throws(LayoutRenderError) in try DataFile.read(path: file) }
    }

    /// Parses a sidecar's bytes, its data file read by `readData`.
    static func parse(_ bytes: [UInt8], path: String, folder: String,
                      readData: (String) throws(LayoutRenderError) -> [String: DataValue]) throws(LayoutRenderError) -> FixtureSettings {
        func fail(_ jsonPath: String, _ message: String) -> LayoutRenderError {
            .spec(Diagnostic(file: path, location: SourceLocation(jsonPath: jsonPath), message: message))
        }
        let value: JSONValue
        do {
            value = try JSONReader().read(bytes)
        } catch {
            let line = String(validating: bytes, as: UTF8.self).flatMap { SourceLines($0).line(at: error.location) }
            throw .spec(Diagnostic(file: path, location: error.location, message: error.message, sourceLine: line))
        }
        guard case .object = value.content, case .object(let top) = value.dataValue else {
            throw fail("$", "a fixture file holds a JSON object: {\"vars\": {…}, \"data\": …, \"sizes\": […], \"scale\": 2}")
        }
        var settings = FixtureSettings()
        for key in top.keys.sorted() where !["vars", "data", "sizes", "scale"].contains(key) {
            throw fail("$.\(key)", "unknown key '\(key)' (a fixture file has vars, data, sizes and scale)")
        }
        switch top["data"] {
        case nil, .null?: break
        case .object(let values)?: settings.variables = values
        case .string(let name)?:
            let resolved: String
            do { resolved = try AssetPaths(root: folder).resolve(name) } catch {
                switch error {
                case .outside: throw fail("$.data", "the data file '\(name)' is outside the spec's folder")
                case .missing: throw fail("$.data", "no data file '\(name)' in the spec's folder")
                }
            }
            settings.variables = try readData(resolved)
            settings.dataFile = resolved
        default: throw fail("$.data", "data is a file name or a JSON object")
        }
        switch top["vars"] {
        case nil, .null?: break
        case .object(let values)?: settings.variables.merge(values) { _, given in given }
        default: throw fail("$.vars", "vars is an object of names: {\"title\": \"Hello\"}")
        }
        switch top["scale"] {
        case nil, .null?: break
        case .number(let s)? where s.isFinite && s >= 0.25 && s <= 8: settings.scale = s
        default: throw fail("$.scale", "scale is a number between 0.25 and 8")
        }
        switch top["sizes"] {
        case nil, .null?: break
        case .array(let values)?:
            guard values.count <= maxSizes else { throw fail("$.sizes", "more than \(maxSizes) sizes") }
            for (i, value) in values.enumerated() {
                guard case .string(let text) = value, let size = FixtureSize(text) else {
                    throw fail("$.sizes[\(i)]", "a size is \"WxH\", \"W\" or \"Wxauto\" (e.g. \"320x200\"), with W and H above 0 and at most 100000")
                }
                guard !settings.sizes.contains(where: { $0.label == size.label }) else {
                    throw fail("$.sizes[\(i)]", "the size \(size.label) is listed twice")
                }
                settings.sizes.append(size)
            }
        default: throw fail("$.sizes", "sizes is a list: [\"320x200\", \"640xauto\"]")
        }
        return settings
    }

    /// `options` with these settings: names, scale and the canvas size.
    public func apply(to options: inout RenderOptions, size: FixtureSize?) {
        options.variables.merge(variables) { _, fixture in fixture }
        if let scale { options.scale = scale }
        if let size { options.canvasSize = (size.width, size.height) }
    }

    /// The data file names the sidecars in `folder` give (`"data": "NAME.json"`), so that a
    /// folder listing does not take them for specs. A sidecar that does not parse names none.
    static func dataFileNames(in folder: String, files: [String]) -> Set<String> {
        var names = Set<String>()
        for file in files where file.hasSuffix(".fixture.json") {
            guard SpecFolder.refusal(of: file, in: folder) == nil,
                  let bytes = try? RegularFile.read(path: folder + "/" + file, maxBytes: maxSidecarBytes),
                  let value = try? JSONReader().read(bytes), case .string(let name)? = value["data"]?.content
            else { continue }
            names.insert(URL(fileURLWithPath: name, relativeTo: URL(fileURLWithPath: folder + "/")).standardizedFileURL.path)
        }
        return names
    }
}

/// A canvas size a fixture is rendered at: `320x200`, or `320` / `320xauto` for an
/// automatic height. `label` is how goldens are named: `NAME-320x200.png`, `NAME-320xauto.png`.
public struct FixtureSize: Hashable, Sendable {
    public var width: Double
    public var height: Double?
    public var label: String

    /// The largest width or height, in points (the renderer's pixel limits apply after it).
    public static let maxSide = 100_000.0

    public init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let w = Double(parts[0]), w > 0, w <= Self.maxSide else { return nil }
        width = w
        if parts.count == 2 && parts[1] != "auto" {
            guard let h = Double(parts[1]), h > 0, h <= Self.maxSide else { return nil }
            height = h
        }
        label = PointsText.format(w) + "x" + (height.map(PointsText.format) ?? "auto")
    }
}

/// A length in points as messages and file names write it: at most two decimals, no `.0`.
package enum PointsText {
    package static func format(_ v: Double) -> String {
        let rounded = (v * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}
